import type { ErrorCodeNumber, ProbeResult, RemovalOptions, RemovalResult } from '@cutout/engine';

/**
 * What the web processes and the inference workers say to each other through Redis. The bytes
 * (input, background, result) travel as binary keys beside the jobs, never inside them: a job holds
 * references and JSON. See README.md.
 */

/** The BullMQ queue of removals and probes. */
export const inferenceQueueName = 'inference';

/** Options as a job carries them: parsed (parseRemovalOptions accepts its own output), bytes apart. */
export type JobOptions = Omit<RemovalOptions, 'bg_image'>;

export type InferenceJob =
  | {
      name: 'remove';
      /** The request's id: its input and result keys are named after it. */
      data: { id: string; options: JobOptions; cacheScope?: string };
    }
  | { name: 'probe'; data: Record<string, never> };

/** The result without its bytes: they wait at the result key. */
export type ResultMeta = Omit<RemovalResult, 'bytes' | 'image'> & {
  /** True when the answer is the JSON document (output_format=json), kept apart from the image. */
  hasBody: boolean;
};

/**
 * A job's return value. Bad input is an answer, not a failed job: the engine's error crosses back
 * with its code and value. A job fails only on a fault (its message is all that crosses).
 */
export type InferenceReply =
  | { ok: true; result: ResultMeta }
  | ({ ok: true } & ProbeResult)
  | { ok: false; code: ErrorCodeNumber | 'BUSY'; message: string; value?: string | number };

/** The Redis keys of one deployment (QUEUE_PREFIX). */
export function inferenceKeys(prefix: string) {
  return {
    /** A hash: `image` and, when one was sent, `background`. */
    input: (id: string) => `${prefix}:inference-data:${id}:input`,
    /** A hash: `image` and, with output_format=json, `body`. */
    result: (id: string) => `${prefix}:inference-data:${id}:result`,
  };
}

export type InferenceKeys = ReturnType<typeof inferenceKeys>;

/** Job options without their bytes, plain JSON (Rgba, lengths, roi and position are plain objects). */
export function toJobOptions(options: RemovalOptions): JobOptions {
  const { bg_image: _bytes, ...rest } = options;
  return rest;
}

/**
 * How long inputs wait for a worker: the caller's timeout and a minute more. The caller deletes
 * them when it has its answer; this bounds what a caller that died leaves behind.
 */
export const inputLifetimeMs = (timeoutMs: number) => timeoutMs + 60_000;

/** How long a result waits for its caller, who reads it as soon as the job completes. */
export const resultLifetimeMs = 5 * 60_000;

/** The connection settings of BullMQ's own connections (workers and event readers block, so no retry limit). */
export const bullConnection = (url: string) => ({ url, maxRetriesPerRequest: null });

/** The replies of a MULTI, throwing the first command's error. */
export async function transaction(
  replies: Promise<Array<[Error | null, unknown]> | null>,
): Promise<unknown[]> {
  const results = await replies;
  if (!results) throw new Error('Redis transaction was aborted');
  const failed = results.find(([error]) => error);
  if (failed?.[0]) throw failed[0];
  return results.map(([, value]) => value);
}
