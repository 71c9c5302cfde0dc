import { IMPORT_MAX_BYTES, type SetQuestion } from '#shared/schemas/question-set.ts';
import { holdsNul } from '#shared/text.ts';
import type { Db } from '../db/database';
import { DomainError, invalid } from '../errors';
import type { ImageStore } from '../images/image-store';
import { listCategories } from '../services/categories';
import { categoriesHolding } from '../services/question-sets';
import { type ParsedFile, parseQuestionFile } from './read-file';
import { isZip, openQuestionZip, storeZipPictures } from './read-zip';

export type ImportedFile = Omit<ParsedFile, 'questions'> & { questions: SetQuestion[] };

/**
 * An uploaded question file read for review (admin): CSV or JSON, or an export's zip whose
 * pictures are stored on the way (not yet used by any question: the hourly clean-up takes those of
 * a review never saved). A question already here, in any category, is one of the file's problems,
 * so its picture is not stored again. Nothing else is written; a refusal is a DomainError naming why.
 */
export async function importQuestionFile(
  db: Db,
  images: ImageStore,
  name: string,
  bytes: Buffer,
): Promise<ImportedFile> {
  const zip = isZip(bytes) ? openQuestionZip(bytes) : null;
  if (!zip && bytes.length > IMPORT_MAX_BYTES)
    throw new DomainError('PAYLOAD_TOO_LARGE', 'errors:questionSet.fileTooLarge');
  const text = zip?.text ?? bytes.toString('utf8');
  // A spreadsheet's or a picture's bytes, not text: refused whole (shared/text.ts, holdsNul).
  if (holdsNul(text)) throw invalid('errors:questionSet.notText');
  const parsed = parseQuestionFile(zip?.name ?? name, text.normalize('NFC'), listCategories(db), (folded) =>
    categoriesHolding(db, folded),
  );
  // A plain file's questions have no pictures, whatever its image column says.
  const questions = zip
    ? await storeZipPictures(parsed.questions, zip, images)
    : parsed.questions.map(({ picture: _picture, ...question }) => question);
  return { ...parsed, questions };
}
