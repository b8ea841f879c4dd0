import { Readable } from 'node:stream';
import { LOGO_MAX_BYTES } from '@vivier/contract';
import { fileTypeFromStream } from 'file-type';
import type { Db } from '../../db/database.ts';
import { careersSites } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import type { UploadedPart } from '../candidate-files/candidate-files.service.ts';
import { discardOnError } from '../candidate-files/candidate-files.service.ts';
import { type FileStore, newStorageKey } from '../candidate-files/file-store.ts';
import { assertCanEditSite, findSite, presentSite, proposedSlug } from './careers-site.service.ts';

/**
 * The logo types taken, read from the bytes: PNG and JPEG. Not SVG: it is markup, which would need a sanitiser
 * of its own to be served from the careers site's origin (decision 189).
 */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg']);

/**
 * Replaces the careers site's logo (admins; decision 189). The bytes stream to the file store (never held
 * whole), then their type is read from the stored object; a refused one is deleted. The site's row is made if
 * it was never saved (with the proposed slug), and the previous logo's object is deleted once the row names
 * the new one: a crash between leaves an object no row names, which the hourly sweep removes.
 */
export async function uploadLogo(db: Db, store: FileStore, caller: Caller, part: UploadedPart) {
  assertCanEditSite(caller);
  const key = newStorageKey();
  await store.put(key, part.file);
  const { row, previous } = await discardOnError(store, key, async () => {
    if (part.file.truncated) {
      throw new AppError('payload_too_large', `The logo is larger than ${LOGO_MAX_BYTES / 1024 / 1024} MB`);
    }
    const stored = await store.get(key);
    if (!stored) throw new Error(`The object ${key} was just written and is not there`);
    const detected = await fileTypeFromStream(Readable.toWeb(stored) as ReadableStream<Uint8Array>);
    stored.destroy();
    if (!detected || !LOGO_TYPES.has(detected.mime)) {
      throw new AppError('unsupported_file_type', 'The logo must be a PNG or JPEG image');
    }
    return db.transaction(async (tx) => {
      const before = await findSite(tx, caller.licenceId);
      const logo = { logoKey: key, logoMediaType: detected.mime, updatedAt: new Date() };
      const [saved] = await tx
        .insert(careersSites)
        .values({ licenceId: caller.licenceId, slug: await proposedSlug(tx, caller.licenceId), ...logo })
        .onConflictDoUpdate({ target: careersSites.licenceId, set: logo })
        .returning();
      return { row: saved, previous: before?.logoKey };
    });
  });
  if (previous) await store.delete(previous);
  return presentSite(db, caller.licenceId, row);
}

/** Removes the logo (admins); removing none changes nothing. */
export async function removeLogo(db: Db, store: FileStore, caller: Caller) {
  assertCanEditSite(caller);
  const site = await findSite(db, caller.licenceId);
  if (!site?.logoKey) return;
  await db
    .update(careersSites)
    .set({ logoKey: null, logoMediaType: null, updatedAt: new Date() })
    .where(scoped(careersSites, caller));
  await store.delete(site.logoKey);
}
