import type { FormName } from '../../shared/form-posts.ts';
import type { Call } from '../rest/endpoint.ts';
import { fileReceiver } from '../rest/multipart.ts';
import type { Deps } from '../trpc/context.ts';
import { receivedFiles } from '../uploads/multer.ts';

/**
 * The one place the no-JavaScript forms meet the upload intake: the multipart body is read and
 * each file goes through the same limits, throttle, type check and cleaning (metadata stripped)
 * as the API's uploads, under the field names the forms use. Returns the upload ids per field for
 * the procedure to claim; a refused file throws the same field error the API answers with.
 */
export function formFileIntake(deps: Deps) {
  // The text is read before any refusal of the file, so a refused file never costs the visitor what she typed.
  const page = { adminOnly: false, readTextFirst: true };
  const receivers = {
    story: fileReceiver(deps, [{ name: 'media', allowVideo: true }], page),
    contact: fileReceiver(deps, [{ name: 'image', allowVideo: false }], page),
    // No file field: a file sent with it is read within the same limits and dropped.
    newsletter: fileReceiver(deps, [], page),
  } satisfies Record<FormName, unknown>;
  return (call: Call, form: FormName): Promise<Record<string, string | undefined>> => receivers[form](call);
}

/** Whether the post carried a file (kept or not): a refused form then asks for it again. */
export function postedFile(call: Call): boolean {
  return receivedFiles(call.req).length > 0;
}
