/**
 * A multipart/form-data body holding one file, as a browser's form sends it: for `app.inject()`'s
 * `payload`, with the `content-type` header that names its boundary. The field is `file` unless named.
 */
export function multipartFile(name: string, content: string | Uint8Array, type: string, field = 'file') {
  const boundary = 'quizladderboundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
