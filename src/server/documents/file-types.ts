// What a file's first bytes say it is, checked against what the client said it is: a PDF that claims to be a
// PNG (or anything that claims to be what it is not) is refused before it is stored, and nothing downstream
// trusts a declared type. An email (.eml) has no magic number: its first line must be an RFC 5322 header field.
import { type DocumentFileType, fileTypeOfName, isDocumentFileType } from "../../api/document-types";

/** How many leading bytes sniffing needs. */
export const SNIFF_BYTES = 64;

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) =>
  bytes.byteLength >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

/** A header field name and colon, as an email's first line is (printable ASCII, no space before the colon). */
const HEADER_LINE = /^[!-9;-~]{1,76}:[ \t]/;

/** The type the bytes are, if one the service takes. */
export function sniffFileType(head: Uint8Array): DocumentFileType | undefined {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  const text = new TextDecoder("latin1").decode(head.subarray(0, SNIFF_BYTES));
  if (HEADER_LINE.test(text)) return "message/rfc822";
  return undefined;
}

/**
 * The type a client declared: its Content-Type when that names one the service takes, else the file name's
 * extension (browsers send `application/octet-stream` for a .eml). Parameters (`; charset=…`) are ignored.
 */
export function declaredFileType(
  contentType: string | undefined,
  filename: string,
): DocumentFileType | undefined {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "image/jpg" || type === "image/pjpeg") return "image/jpeg";
  if (isDocumentFileType(type)) return type;
  return fileTypeOfName(filename);
}
