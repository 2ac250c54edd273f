import { z } from 'zod';
import { mediaLanguage } from '../media.ts';
import { queryBoolean } from '../query.ts';
import { contract } from './contract.ts';
import { sermonIdParams } from './params.ts';

/**
 * Media uploads and the media jobs a broadcaster's key, or a signed-in Uploader of the
 * broadcaster (its Admins and site admins too), may start (spec §7 Sermons, §6).
 */

const sermonID = z.string().min(1).max(40);
const guid = z.string().uuid();

const startUploadInput = z.object({
  sermonID,
  uploadType: z.enum(['original-audio', 'original-video', 'caption', 'pdf', 'text']),
  twoStep: queryBoolean.optional(),
  language: mediaLanguage.optional(),
  filenames: z.union([z.string().max(300), z.array(z.string().max(300)).max(20)]).optional(),
});

/** Seconds into the video: a JSON number or a numeric string, null to go back to the default. */
const seconds = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .pipe(z.number().min(0).max(86_400))
  .nullable()
  .optional();

const encodingOptionsInput = z
  .object({ videoTrimStart: seconds, videoThumbPosition: seconds })
  .strict()
  .refine((o) => o.videoTrimStart !== undefined || o.videoThumbPosition !== undefined, {
    message: 'give videoTrimStart or videoThumbPosition',
  });

export const uploadSlotSchema = z.object({ uploadURL: z.string(), guid: z.string(), mediaType: z.string() });
export const continuedUploadSchema = z.object({ guid: z.string(), state: z.string() });
export const receivedUploadSchema = z.object({
  guid: z.string(),
  state: z.string(),
  errors: z.object({ file: z.string() }).optional(),
});

export const mediaTrackerSchema = z.object({
  sermonID: z.string(),
  /** The last stage recorded, e.g. `encoding`. */
  state: z.string().nullable(),
  failed: z.boolean(),
  mediaUnlinked: z.boolean(),
  events: z.array(
    z.object({
      state: z.string(),
      /** The stage as the tracker shows it, e.g. 'encoding syncing'. */
      stage: z.string().nullable(),
      failed: z.boolean(),
      detail: z.string().nullable(),
      guid: z.string().nullable(),
      timestamp: z.number().int(),
    }),
  ),
});

const tag = 'Media';
const keyErrors = [401, 403, 404] as const;

export const mediaContracts = {
  startUpload: contract({
    method: 'POST',
    path: '/media',
    tag,
    summary: 'Start an upload',
    description:
      "A new upload slot for one of the broadcaster's sermons. Send the file to the `uploadURL` answered, with the tus resumable protocol or as one plain POST or PUT body.",
    auth: 'apiKeyOrSession',
    body: startUploadInput,
    bodyInQuery: true,
    responses: { 201: uploadSlotSchema },
    errors: keyErrors,
  }),
  continueUpload: contract({
    method: 'PUT',
    path: '/media/:guid/continue',
    tag,
    summary: 'Continue a two-step upload',
    description: 'A two-step upload is encoded once its settings are made: this call lets it go on.',
    auth: 'apiKeyOrSession',
    params: z.object({ guid }),
    body: z.object({ sermonID: sermonID.optional() }).optional(),
    responses: { 200: continuedUploadSchema },
    errors: keyErrors,
  }),
  continueLatestUpload: contract({
    method: 'PUT',
    path: '/media/continue',
    tag,
    summary: "Continue a sermon's two-step upload",
    description:
      'As `PUT media/{guid}/continue`, naming the upload by `guid`, or by `sermonID` for its latest two-step upload.',
    auth: 'apiKeyOrSession',
    body: z.object({ guid: guid.optional(), sermonID: sermonID.optional() }).optional(),
    responses: { 200: continuedUploadSchema },
    errors: keyErrors,
  }),
  uploadFile: contract({
    method: ['POST', 'PUT', 'PATCH', 'HEAD', 'OPTIONS', 'DELETE'],
    path: '/uploads/:guid',
    tag,
    summary: 'Send an upload’s file',
    description:
      'The `uploadURL` of an upload slot. Requests with a `Tus-Resumable` header (and every HEAD, PATCH and OPTIONS) speak the tus 1.0 resumable protocol, whose answers are tus’s own. A plain POST or PUT sends the whole file as its body and answers whether it was received; the file is checked by its content.',
    params: z.object({ guid }),
    responses: { 201: receivedUploadSchema, 422: receivedUploadSchema },
    errors: [404, 409, 413],
  }),
  mediaTracker: contract({
    method: 'GET',
    path: '/node/sermons/:sermonID/media_tracker',
    tag,
    summary: "A sermon's media progress",
    description:
      "The history of the sermon's uploads and encodings, and where they stand: for the broadcaster's API key, its managers and site admins.",
    auth: 'apiKeyOrSession',
    params: sermonIdParams,
    responses: { 200: mediaTrackerSchema },
    errors: keyErrors,
  }),
  encodeAgain: contract({
    method: 'POST',
    path: '/jobs/encode',
    tag,
    summary: 'Encode again',
    description: "Encodes the sermon's media again from its kept originals (`target` audio, video or all).",
    auth: 'apiKeyOrSession',
    body: z.object({ sermonID, target: z.enum(['audio', 'video', 'all']).default('all') }),
    bodyInQuery: true,
    responses: {
      202: z.object({
        sermonID: z.string(),
        jobs: z.array(
          z.object({ name: z.string(), jobID: z.number().int(), guid: z.string(), uploadType: z.string() }),
        ),
      }),
    },
    errors: keyErrors,
  }),
  deleteMedia: contract({
    method: 'POST',
    path: '/jobs/delete',
    tag,
    summary: 'Delete media',
    description: "Deletes the sermon's media of a kind with their originals (captions in one `language`, or all).",
    auth: 'apiKeyOrSession',
    body: z.object({
      sermonID,
      target: z.enum(['audio', 'video', 'caption', 'pdf', 'text', 'all']),
      language: mediaLanguage.optional(),
    }),
    bodyInQuery: true,
    responses: {
      200: z.object({
        sermonID: z.string(),
        target: z.string(),
        language: z.string().nullable(),
        deletedMediaItems: z.number().int(),
        deletedUploads: z.number().int(),
      }),
    },
    errors: keyErrors,
  }),
  encodingOptions: contract({
    method: 'PATCH',
    path: '/node/sermons/:sermonID/encoding_options',
    tag,
    summary: 'Set video encoding options',
    description:
      'Where the video starts (`videoTrimStart`) and where its thumbnail is taken (`videoThumbPosition`), in seconds; the video is encoded again when they change.',
    auth: 'apiKeyOrSession',
    params: sermonIdParams,
    body: encodingOptionsInput,
    responses: {
      200: z.object({
        sermonID: z.string(),
        videoTrimStart: z.number().nullable(),
        videoThumbPosition: z.number().nullable(),
        encodeJobID: z.number().int().nullable(),
      }),
    },
    errors: keyErrors,
  }),
};
