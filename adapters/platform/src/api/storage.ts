import { z } from 'zod';

/** ?appVersion= on every storage call. */
export const StorageQuery = z.object({ appVersion: z.string().max(64).optional() });
export type StorageQuery = z.infer<typeof StorageQuery>;

/** The whole per-user key-value object, keyed by storage key ('pet-gallery', 'user-profile', ...). */
export const SessionData = z.record(z.string(), z.unknown());
export type SessionData = z.infer<typeof SessionData>;

/** GET /v1/storage answer; the ETag header carries its version for If-Match. */
export const StorageGetResponse = z.object({ sessionData: SessionData });
export type StorageGetResponse = z.infer<typeof StorageGetResponse>;

/** PUT /v1/storage body: the whole sessionData with one key changed. */
export const StoragePutRequest = z.object({ sessionData: SessionData });
export type StoragePutRequest = z.infer<typeof StoragePutRequest>;

export const StorageWriteResponse = z.object({ success: z.literal(true) });
export type StorageWriteResponse = z.infer<typeof StorageWriteResponse>;
