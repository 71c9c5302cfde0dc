import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken, SESSION_COOKIE } from '../auth/session';
import { createTestApp, TEST_ORIGIN } from '../test/app';
import { cpuMsOf } from '../test/cpu-time';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow } from '../test/factories';
import { multipartFile } from '../test/multipart';
import { MAX_FRAMES, MAX_IMAGE_BYTES } from './image-store';
import { sniffImageType } from './image-type';

const db = createTestDb();
/** For app.inject(); the resumable uploads go to `listening`, over real sockets. */
const app = await createTestApp(db);
const listening = await createTestApp(db);
await listening.listen({ host: '127.0.0.1', port: 0 });
const port = (listening.server.address() as AddressInfo).port;
const origin = `http://localhost:${port}`;
const imagesDir = join(dirname(db.path), 'uploads', 'question-images');
const storedFiles = () => (existsSync(imagesDir) ? readdirSync(imagesDir).filter((name) => !name.startsWith('.')) : []);

const admin = createAccount(db, { admin: true });
const adminCookie = `${SESSION_COOKIE}=${admin.token}`;
const parentCookie = `${SESSION_COOKIE}=${createAccount(db).token}`;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
/** Noise compresses badly: a big PNG for its size in pixels. */
const noisyPng = (side: number) =>
  sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
/** An animated GIF of `frames` frames of `side` × `side`, alternately light and dark (identical frames would merge). */
const animatedGif = (side: number, frames: number) => {
  const raw = Buffer.alloc(side * side * frames * 3);
  for (let f = 0; f < frames; f++) raw.fill(f % 2 ? 200 : 40, f * side * side * 3, (f + 1) * side * side * 3);
  return sharp(raw, { raw: { width: side, height: side * frames, channels: 3, pageHeight: side } })
    .gif()
    .toBuffer();
};
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function uploadSmall(file: Buffer, cookie: string, name = 'picture.png', type = 'image/png') {
  const { payload: body, contentType } = multipartFile(name, file, type, 'image');
  return app.inject({
    method: 'POST',
    url: '/api/admin/images',
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': contentType },
    payload: body,
  });
}

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** An HTTP request over a real socket; `cutAfter` bytes of the body are sent, then the connection is dropped. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
  cutAfter?: number,
): Promise<RawResponse | 'dropped'> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { host: `localhost:${port}`, origin, ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on('error', (error) => (cutAfter === undefined ? reject(error) : resolve('dropped')));
    if (body && cutAfter !== undefined) {
      request.write(body.subarray(0, cutAfter), () => {
        setTimeout(() => {
          request.destroy();
          resolve('dropped');
        }, 200);
      });
    } else request.end(body);
  });
}

const tusHeaders = { 'tus-resumable': '1.0.0', cookie: adminCookie };
const metadata = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

async function createUpload(size: number, hash: string) {
  const created = (await raw('POST', '/api/admin/uploads', {
    ...tusHeaders,
    'upload-length': String(size),
    'upload-metadata': metadata({ filename: 'big.png', filetype: 'image/png', sha256: hash }),
  })) as RawResponse;
  return created;
}

async function patch(location: string, offset: number, chunk: Buffer, cutAfter?: number) {
  return raw(
    'PATCH',
    location,
    { ...tusHeaders, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    chunk,
    cutAfter,
  );
}

async function serverOffset(location: string): Promise<number> {
  const head = (await raw('HEAD', location, tusHeaders)) as RawResponse;
  return Number(head.headers['upload-offset']);
}

describe('what an upload is, by its bytes', () => {
  it('knows PNG, JPEG, WebP and GIF, and nothing else', async () => {
    expect(sniffImageType(await png(4, 4))).toBe('png');
    expect(
      sniffImageType(
        await sharp(await png(4, 4))
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg');
    expect(
      sniffImageType(
        await sharp(await png(4, 4))
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(
      sniffImageType(
        await sharp(await png(4, 4))
          .gif()
          .toBuffer(),
      ),
    ).toBe('gif');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImageType(Buffer.from('just text, named picture.png'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('a small image (one multipart request)', () => {
  it('is re-encoded, stored under a name of the server’s, and served as an inert image', async () => {
    const original = await png(64, 48);
    const response = await uploadSmall(original, adminCookie, '../../etc/passwd.png');
    expect(response.statusCode, response.body).toBe(200);
    const { imageUrl } = response.json() as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/uploads\/question-images\/[0-9a-f-]{36}\.webp$/);

    const served = await app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('keeps nothing of a polyglot but its pixels', async () => {
    const polyglot = Buffer.concat([await png(8, 8), Buffer.from('<html><script>alert(1)</script></html>')]);
    const response = await uploadSmall(polyglot, adminCookie);
    expect(response.statusCode).toBe(200);
    const served = await app.inject({ method: 'GET', url: (response.json() as { imageUrl: string }).imageUrl });
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
  });

  it.each([
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      415,
      'Only PNG, JPEG, WebP and GIF images can be used.',
    ],
    [
      'a text file named .png',
      Buffer.from('hello, I am text'),
      'x.png',
      415,
      'Only PNG, JPEG, WebP and GIF images can be used.',
    ],
  ])('refuses %s with a clear error and stores nothing', async (_label, file, name, status, message) => {
    const before = storedFiles();
    const response = await uploadSmall(file, adminCookie, name, 'image/png');
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: message });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a decompression bomb (tiny file, huge image) before decoding it', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(256 * 1024);
    const before = storedFiles();
    const response = await uploadSmall(bomb, adminCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'This image could not be read. Try another file.' });
    expect(storedFiles()).toEqual(before);
  });

  it('keeps an animation within bounds, every frame of it', async () => {
    const response = await uploadSmall(await animatedGif(40, 10), adminCookie, 'wave.gif', 'image/gif');
    expect(response.statusCode, response.body).toBe(200);
    const served = await app.inject({ method: 'GET', url: response.json().imageUrl });
    expect(await sharp(served.rawPayload, { animated: true }).metadata()).toMatchObject({ format: 'webp', pages: 10 });
  });

  it.each([
    ['more frames than 120 (tiny ones)', () => animatedGif(10, MAX_FRAMES + 1)],
    ['more pixels in all its frames than 20 million', () => animatedGif(600, 60)],
  ])('refuses an animation with %s before re-encoding it, storing nothing', async (_what, make) => {
    const before = storedFiles();
    const gif = await make();
    expect(gif.length).toBeLessThan(256 * 1024);
    const { result: response, cpuMs } = await cpuMsOf(() => uploadSmall(gif, adminCookie, 'long.gif', 'image/gif'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^This animation is too long or too large/);
    expect(cpuMs).toBeLessThan(1000);
    expect(storedFiles()).toEqual(before);
  });

  it('a body cut short or malformed is a 400, and nothing is stored', async () => {
    const before = storedFiles();
    const { payload: body, contentType } = multipartFile('cut.png', await png(40, 40), 'image/png', 'image');
    const attempts = [
      body.subarray(0, body.length - 30), // the closing boundary never comes
      body.subarray(0, 60), // cut inside the part's headers
      Buffer.from('not multipart at all'),
    ];
    for (const payload of attempts) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/images',
        headers: { cookie: adminCookie, origin: TEST_ORIGIN, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, payload.subarray(0, 20).toString()).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
    expect(storedFiles()).toEqual(before);
  });

  it('over 256 KB, points to the resumable upload', async () => {
    const response = await uploadSmall(await noisyPng(400), adminCookie);
    expect(response.statusCode).toBe(413);
  });

  it('is for admins only: 403 for a parent, 401 signed out, nothing stored', async () => {
    const before = storedFiles();
    expect((await uploadSmall(await png(8, 8), parentCookie)).statusCode).toBe(403);
    expect((await uploadSmall(await png(8, 8), '')).statusCode).toBe(401);
    expect(storedFiles()).toEqual(before);
  });
});

describe('a large image (the tus resumable upload)', () => {
  it('survives a connection cut midway, resumes from the server’s offset and is stored once its SHA-256 matches', async () => {
    const original = await noisyPng(1000);
    expect(original.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const created = await createUpload(original.length, sha256(original));
    expect(created.status).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/admin\/uploads\/[0-9a-f]+$/);

    // The first 1 MB, then a chunk cut off after 300 KB.
    const first = (await patch(location, 0, original.subarray(0, 1024 * 1024))) as RawResponse;
    expect(first.status).toBe(204);
    expect(await patch(location, 1024 * 1024, original.subarray(1024 * 1024, 2 * 1024 * 1024), 300 * 1024)).toBe(
      'dropped',
    );
    const offset = await serverOffset(location);
    expect(offset).toBeGreaterThanOrEqual(1024 * 1024);
    expect(offset).toBeLessThan(2 * 1024 * 1024);

    // A chunk at the wrong offset is refused, and moves nothing.
    const wrong = (await patch(location, offset + 10, original.subarray(offset + 10, offset + 20))) as RawResponse;
    expect(wrong.status).toBe(409);
    expect(await serverOffset(location)).toBe(offset);

    const rest = (await patch(location, offset, original.subarray(offset))) as RawResponse;
    expect(rest.status, rest.body).toBe(200);
    const { imageUrl } = JSON.parse(rest.body) as { imageUrl: string };
    const served = await app.inject({ method: 'GET', url: imageUrl });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1000, height: 1000 });
    // The assembled upload is gone from the incoming folder: only the re-encoded image is kept.
    expect(readdirSync(join(dirname(db.path), 'uploads', 'incoming')).filter((f) => !f.endsWith('.json'))).toEqual([]);
  });

  it('refuses an upload whose bytes do not match the SHA-256 it announced, and stores nothing', async () => {
    const original = await noisyPng(300);
    const before = storedFiles();
    const created = await createUpload(original.length, sha256(Buffer.from('something else')));
    const done = (await patch(created.headers.location as string, 0, original)) as RawResponse;
    expect(done.status).toBe(400);
    expect(JSON.parse(done.body)).toEqual({ error: 'The image arrived damaged. Please upload it again.' });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an upload over 10 MB when it is announced, and one without a SHA-256, keeping nothing', async () => {
    const before = storedFiles();
    const incoming = () => readdirSync(join(dirname(db.path), 'uploads', 'incoming'));
    const incomingBefore = incoming();
    const tooBig = await createUpload(11 * 1024 * 1024, sha256(Buffer.from('x')));
    expect(tooBig.status).toBe(413);
    expect(11 * 1024 * 1024).toBeGreaterThan(MAX_IMAGE_BYTES);
    expect(storedFiles()).toEqual(before);
    expect(incoming().filter((file) => !incomingBefore.includes(file))).toEqual([]);
    const noHash = (await raw('POST', '/api/admin/uploads', { ...tusHeaders, 'upload-length': '1000' })) as RawResponse;
    expect(noHash.status).toBe(400);
  });

  it('a creation with the whole file in it (creation-with-upload) answers with the stored image', async () => {
    const original = await noisyPng(300);
    const created = (await raw(
      'POST',
      '/api/admin/uploads',
      {
        ...tusHeaders,
        'upload-length': String(original.length),
        'upload-metadata': metadata({ filename: 'one-go.png', filetype: 'image/png', sha256: sha256(original) }),
        'content-type': 'application/offset+octet-stream',
      },
      original,
    )) as RawResponse;
    expect(created.status, created.body).toBe(200);
    const { imageUrl } = JSON.parse(created.body) as { imageUrl: string };
    const served = await app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300 });
    // The assembled upload goes once the answer is sent.
    const incoming = join(dirname(db.path), 'uploads', 'incoming');
    await expect.poll(() => readdirSync(incoming).length).toBe(0);
  });

  it('is for admins only', async () => {
    const asParent = (await raw('POST', '/api/admin/uploads', {
      'tus-resumable': '1.0.0',
      cookie: parentCookie,
      'upload-length': '1000',
      'upload-metadata': metadata({ sha256: sha256(Buffer.from('x')) }),
    })) as RawResponse;
    expect(asParent.status).toBe(403);
    const signedOut = (await raw('POST', '/api/admin/uploads', {
      'tus-resumable': '1.0.0',
      'upload-length': '1000',
    })) as RawResponse;
    expect(signedOut.status).toBe(401);
  });
});

describe('serving stored images', () => {
  it.each([
    '/uploads/question-images/..%2f..%2fpackage.json',
    '/uploads/question-images/%2e%2e%2f%2e%2e%2fpackage.json',
    '/uploads/question-images/../../package.json',
    '/uploads/question-images/00000000-0000-0000-0000-000000000000.webp',
    '/uploads/question-images/.hidden',
    '/uploads/incoming/anything',
  ])('%s is a 404', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
  });
});

describe('a question’s image', () => {
  it('is deleted when the question drops it or is deleted, and not before', async () => {
    const categoryId = createCategoryRow(db);
    const upload = async () =>
      ((await uploadSmall(await png(16, 16), adminCookie)).json() as { imageUrl: string }).imageUrl;
    const first = await upload();
    const second = await upload();
    const fileOf = (url: string) => join(imagesDir, url.split('/').at(-1) as string);
    const input = (imageUrl: string | null) => ({
      categoryId,
      ageCategory: 'Kids' as const,
      difficulty: 1,
      correctAnswerIndex: 0,
      en: { question: 'Which colour is this?', answers: ['Orange', 'Blue', 'Green', 'Grey'] },
      vi: { question: 'Đây là màu gì?', answers: ['Cam', 'Xanh dương', 'Xanh lá', 'Xám'] },
      imageUrl,
    });
    const api = admin.caller();
    const { id } = await api.admin.questions.create(input(first));
    expect(existsSync(fileOf(first))).toBe(true);
    await api.admin.questions.update({ questionId: id, question: input(second) });
    expect(existsSync(fileOf(first))).toBe(false);
    expect(existsSync(fileOf(second))).toBe(true);
    await api.admin.questions.remove({ questionId: id });
    expect(existsSync(fileOf(second))).toBe(false);
  });

  it('uploads no question uses are cleaned up; used ones stay', async () => {
    const categoryId = createCategoryRow(db);
    const used = ((await uploadSmall(await png(8, 8), adminCookie)).json() as { imageUrl: string }).imageUrl;
    const unused = ((await uploadSmall(await png(9, 9), adminCookie)).json() as { imageUrl: string }).imageUrl;
    await admin.caller().admin.questions.create({
      categoryId,
      ageCategory: 'Kids',
      difficulty: 1,
      correctAnswerIndex: 0,
      en: { question: 'Used image?', answers: ['A', 'B', 'C', 'D'] },
      vi: { question: 'Ảnh được dùng?', answers: ['A', 'B', 'C', 'D'] },
      imageUrl: used,
    });
    const { createImageStore } = await import('./image-store');
    const { imageUseCount } = await import('../services/admin-question-edits');
    const store = createImageStore(join(dirname(db.path), 'uploads'));
    await store.removeUnused((url) => imageUseCount(db, url) > 0, 0);
    expect(storedFiles()).toContain(used.split('/').at(-1));
    expect(storedFiles()).not.toContain(unused.split('/').at(-1));
    expect(readFileSync(join(imagesDir, used.split('/').at(-1) as string)).length).toBeGreaterThan(0);
  });
});

describe('unfinished resumable uploads', () => {
  // A server of its own: what other tests left unfinished does not count here.
  const quotaDb = createTestDb();
  let base = '';
  beforeAll(async () => {
    const quotaApp = await createTestApp(quotaDb);
    await quotaApp.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(quotaApp.server.address() as AddressInfo).port}`;
  });
  const incoming = join(dirname(quotaDb.path), 'uploads', 'incoming');
  const admins = Array.from({ length: 4 }, () => `${SESSION_COOKIE}=${createAccount(quotaDb, { admin: true }).token}`);
  const create = (cookie: string, size = MAX_IMAGE_BYTES) =>
    fetch(`${base}/api/admin/uploads`, {
      method: 'POST',
      headers: {
        origin: base,
        cookie,
        'tus-resumable': '1.0.0',
        'upload-length': String(size),
        'upload-metadata': metadata({ sha256: sha256(Buffer.from(String(Math.random()))) }),
      },
    });

  it('have a quota per admin (30 MB declared) and in all (100 MB), then a clear refusal; expired ones free it', async () => {
    const [first, second, third, fourth] = admins as [string, string, string, string];
    for (let i = 0; i < 3; i++) {
      const created = await create(first);
      expect(created.status, await created.text()).toBe(201);
    }
    const overMine = await create(first);
    expect(overMine.status).toBe(429);
    expect(await overMine.text()).toBe(
      'You have too many uploads still unfinished. Let them finish, or wait two hours for them to expire, then try again.',
    );
    // Another admin has room of their own, until the server's is used up: 3 + 3 + 3 + 1 uploads of 10 MB.
    for (const cookie of [second, second, second, third, third, third, fourth])
      expect((await create(cookie)).status).toBe(201);
    const overAll = await create(fourth);
    expect(overAll.status).toBe(507);
    expect(await overAll.text()).toBe('There is no room left for images on the server.');

    // The first admin's uploads, started three hours ago, have expired: they go, and their room with them.
    for (const name of readdirSync(incoming).filter((file) => file.endsWith('.json'))) {
      const file = join(incoming, name);
      const info = JSON.parse(readFileSync(file, 'utf8')) as { creation_date: string; metadata: { uploader?: string } };
      if (info.metadata.uploader === adminOf(first)) {
        info.creation_date = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
        writeFileSync(file, JSON.stringify(info));
      }
    }
    expect((await create(first)).status).toBe(201);
    expect((await create(fourth)).status).toBe(201);
  });

  const adminOf = (cookie: string) =>
    quotaDb.$client
      .prepare<[string], { user_id: string }>('SELECT user_id FROM sessions WHERE id = ?')
      .get(hashToken(cookie.slice(`${SESSION_COOKIE}=`.length)))?.user_id;
});
