import { EncryptedPDFError, PDFDocument, StandardFonts, degrees, rgb } from "@cantoo/pdf-lib";
import common from "~/locales/it/common";
import { type StagedFile, removeUnreferenced, stageFile } from "../storage/stored-files.server";
import { UploadError, prepareFile, readTempUpload } from "./uploads.server";

/**
 * Issue 36, ADR 042: a composition's perusal score. What visitors get is a copy whose every page
 * carries a diagonal watermark with the composer's name, stamped once when the score is saved and kept
 * as a stored file of its own (attachments/); the original goes to scores/, which /media never serves
 * (staff download it from the admin). A file that is not a readable, unencrypted PDF with pages is
 * refused with a message, and nothing of it is stored.
 */

/** The two lines of the watermark, Italian above English. */
const PERUSAL_MARK = ["Copia per consultazione – non per esecuzione", "Perusal copy – not for performance"] as const;

/** The watermark's third line: whose work it is. */
const composerLine = () => `© ${common.composerName}`;

const NOT_READABLE = "Il PDF della partitura è danneggiato o illeggibile: esportalo di nuovo e riprova.";
const ENCRYPTED = "Il PDF della partitura è protetto da password o cifrato: carica una copia senza protezione.";
const NO_PAGES = "Il PDF della partitura non ha pagine leggibili: esportalo di nuovo e riprova.";

/** An encrypted file may fail the strict reading before its encryption is seen: read it leniently to tell. */
async function isEncrypted(bytes: Uint8Array): Promise<boolean> {
  try {
    return (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })).isEncrypted;
  } catch {
    return false;
  }
}

async function readablePdf(bytes: Uint8Array): Promise<PDFDocument> {
  let doc: PDFDocument;
  let pages: number;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    // A file without a page tree fails here, not at load.
    pages = doc.getPageCount();
  } catch (error) {
    throw new UploadError(error instanceof EncryptedPDFError || (await isEncrypted(bytes)) ? ENCRYPTED : NOT_READABLE, 400);
  }
  if (doc.isEncrypted) throw new UploadError(ENCRYPTED, 400);
  if (pages === 0) throw new UploadError(NO_PAGES, 400);
  return doc;
}

/** The stamped copy of a score: every page with the watermark across its diagonal, light enough to read the music through. */
export async function stampPerusalCopy(original: Uint8Array): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = await readablePdf(original);
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const lines = [...PERUSAL_MARK, composerLine()];
  let pages: number;
  try {
    const all = doc.getPages();
    for (const page of all) {
      const { width, height } = page.getSize();
      const angle = Math.atan2(height, width);
      // The longest line spans about 80% of the diagonal, whatever the page's size.
      const diagonal = Math.hypot(width, height);
      const size = (diagonal * 0.8) / font.widthOfTextAtSize(PERUSAL_MARK[0], 1);
      const gap = size * 1.4;
      lines.forEach((line, index) => {
        const lineWidth = font.widthOfTextAtSize(line, size);
        // Centred on the page: from the middle, back half the line along the diagonal, and across it by the line's place.
        const offset = (index - (lines.length - 1) / 2) * gap;
        const x = width / 2 - (lineWidth / 2) * Math.cos(angle) + offset * Math.sin(angle);
        const y = height / 2 - (lineWidth / 2) * Math.sin(angle) - offset * Math.cos(angle);
        page.drawText(line, { x, y, size, font, rotate: degrees((angle * 180) / Math.PI), color: rgb(0.75, 0.1, 0.1), opacity: 0.28 });
      });
    }
    pages = all.length;
    return { bytes: await doc.save({ useObjectStreams: true }), pages };
  } catch (error) {
    if (error instanceof UploadError) throw error;
    throw new UploadError(NOT_READABLE, 400);
  }
}

/** A new score for a save: a file of a form post or api/ body, or an upload's temp name. */
export type ScoreInput = File | { temp_name: string };

/** A score stored for a save: the stamped copy (public once its item is), its pages, the original (private), and the upload it came from. */
export type StoredScore = { stamped: StagedFile; original: StagedFile; pages: number; temp?: string };

/** Reads, checks and stamps a score, then stores both files (counted when the save commits; removed by it on failure). */
export async function storePerusalScore(input: ScoreInput): Promise<StoredScore> {
  let bytes: Uint8Array;
  if (input instanceof File) {
    // Size and type by content, as every upload (a 415 for not a PDF becomes this field's 400).
    await prepareFile(input, "score").catch((error: unknown) => {
      if (error instanceof UploadError && error.status === 415) throw new UploadError(error.message, 400);
      throw error;
    });
    bytes = new Uint8Array(await input.arrayBuffer());
  } else {
    bytes = await readTempUpload(input.temp_name, "score");
  }
  const { bytes: stampedBytes, pages } = await stampPerusalCopy(bytes);
  const original = await stageFile("scores", Buffer.from(bytes), "pdf", "application/pdf");
  try {
    const stamped = await stageFile("attachments", Buffer.from(stampedBytes), "pdf", "application/pdf");
    return { stamped, original, pages, ...("temp_name" in input ? { temp: input.temp_name } : {}) };
  } catch (error) {
    await removeUnreferenced([original.key]);
    throw error;
  }
}
