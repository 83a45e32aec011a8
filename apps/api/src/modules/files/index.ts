/**
 * Public API of the shared files module (docs/decisions/stored-files.md): store uploads in stored_files with the real
 * type detected from the bytes, a size cap and the sha256 per purpose, and serve them with an
 * access check. See service.ts (store/read/send) and multipart.ts (reading multipart requests)
 * for shapes and errors; docs/decisions/stored-files.md for the rules per purpose.
 */
export {
  FILE_PURPOSES,
  FILE_RULES,
  MAX_UPLOAD_BYTES,
  checkUpload,
  cleanFilename,
  contentDisposition,
  deleteStoredFile,
  fileMissing,
  fileTooLarge,
  fileTypeRefused,
  getStoredFile,
  getStoredFileInfo,
  mbToBytes,
  sendStoredFile,
  serveStoredFile,
  storeDerivedFile,
  storeFile,
  type FilePurpose,
  type FileRule,
  type StoredFile,
  type StoredFileInfo,
  type UploadInput,
} from './service.ts';
export { readMultipart, registerUploads, type MultipartBody, type UploadedPart } from './multipart.ts';
