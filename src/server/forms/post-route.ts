import { TRPCError } from '@trpc/server';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { FORM_FIELD, isFormName, sentPath, TOKEN_FIELD, type FormName, type ServerFormState } from '../../shared/form-posts.ts';
import type { z } from 'zod';
import type { Language } from '../../shared/locale.ts';
import { fieldErrorsOf, message, type MessageKey } from '../../shared/messages.ts';
import { createContactInput } from '../../shared/schemas/contacts.ts';
import { subscribeInput } from '../../shared/schemas/newsletter.ts';
import { createStoryInput } from '../../shared/schemas/stories.ts';
import type { PageRenderer } from '../http/render.ts';
import { requestLanguage } from '../http/request-language.ts';
import { requestContext } from '../http/request-context.ts';
import { bodyOf, field, type Body, type Call, type Caller } from '../rest/endpoint.ts';
import { restError } from '../rest/errors.ts';
import { discardUnclaimed } from '../uploads/store.ts';
import { requestSource } from '../security/request-source.ts';
import { createCaller } from '../trpc/router.ts';
import type { Deps } from '../trpc/context.ts';
import { formFileIntake, postedFile } from './files.ts';
import { csrfCookieOf, formTokens, formTokenValid } from './token.ts';

type UploadIds = Record<string, string | undefined>;

/** Each form: the fields whose typed text a refused post gets back, and the procedure that stores it. */
const forms: Record<FormName, { fields: readonly string[]; schema: z.ZodType; submit(caller: Caller, body: Body, files: UploadIds): Promise<unknown> }> = {
  story: {
    fields: ['title', 'description'],
    schema: createStoryInput,
    submit: (caller, body, files) =>
      caller.stories.create({ title: field(body, 'title'), description: field(body, 'description'), mediaUploadId: files.media }),
  },
  contact: {
    fields: ['name', 'email', 'message'],
    schema: createContactInput,
    submit: (caller, body, files) =>
      caller.contacts.create({ name: field(body, 'name'), email: field(body, 'email'), message: field(body, 'message'), imageUploadId: files.image }),
  },
  newsletter: {
    fields: ['email'],
    schema: subscribeInput,
    submit: (caller, body) => caller.newsletter.subscribe({ email: field(body, 'email') }),
  },
};

/** File fields as the forms name them -> the procedure fields the React forms show errors under. */
const fileFieldNames = { media: 'mediaUploadId', image: 'imageUploadId' };

/** Story and contact post to their own pages; the footer's newsletter to whichever page it is on. */
function formOfPath(pathname: string): FormName {
  if (/^\/yourstory\/?$/i.test(pathname)) return 'story';
  if (/^\/contact\/?$/i.test(pathname)) return 'contact';
  return 'newsletter';
}

function typedValues(body: Body, form: FormName): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of forms[form].fields) if (typeof body[name] === 'string') values[name] = body[name];
  return values;
}

/**
 * A refused file stops the post before the procedure checks the text: the procedure's own schema
 * then says what else is wrong, so the visitor corrects everything in one go.
 */
function textErrors(form: FormName, body: Body, lang: Language): Record<string, string[]> {
  const checked = forms[form].schema.safeParse(Object.fromEntries(forms[form].fields.map((name) => [name, body[name]])));
  return checked.success ? {} : fieldErrorsOf(checked.error.issues, lang);
}

function parseWith(parser: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => parser(req, res, (error?: unknown) => (error ? reject(error as Error) : resolve())));
}

/**
 * The story, contact and newsletter forms posted by a browser without JavaScript (or before its
 * scripts arrived), to the page they are on. The answer is a page in the visitor's language:
 * - stored: 303 to the form's confirmation page (post/redirect/get: a reload or Back never sends
 *   it twice, and the address holds nothing typed);
 * - refused: the same page again, 422/429/413, with the server's messages beside each field, the
 *   typed text kept (a file is never kept: the page asks for it again), and nothing stored;
 * - sent from another site: 403, a page saying so, the body not even read.
 * The same procedures, validation and upload cleaning as the API serve it, through createCaller.
 * Anti-forgery (docs/decisions/013): the browser's Sec-Fetch-Site / Origin when it names the
 * source; when it names none, the form's token tied to the XSRF cookie.
 */
export function formPostRoute(deps: Deps, pages: PageRenderer): RequestHandler {
  const urlencoded = express.urlencoded({ extended: false, limit: '1mb' });
  const intake = formFileIntake(deps);

  return async (req, res, next) => {
    try {
      // Sign-in and the panel post with JavaScript only: a stray post there just reloads the page.
      if (/^\/(login|setup|admin)(\/|$)/i.test(req.path)) return res.redirect(303, req.path);
      res.setHeader('Cache-Control', 'no-store');
      const lang = requestLanguage(req);
      const guessed = formOfPath(req.path);
      const answer = (status: number, state: Omit<ServerFormState, 'tokens'>) =>
        pages.send(req, res, { status, serverForm: { ...state, tokens: formTokens(csrfCookieOf(req, res)) } });
      const refuse = (form: FormName, key: MessageKey, status = 403) =>
        answer(status, { form, values: {}, errors: { form: [message(lang, key)] }, fileDropped: false });

      const source = requestSource(req, deps.env);
      if (source === 'cross-site') return await refuse(guessed, 'crossSiteRefused');

      // The check above or the token below stands in for the API's anti-forgery header.
      const ctx = { ...(await requestContext(deps, req, res)), lang, csrfOk: true };
      const call: Call = { req, res, ctx, caller: createCaller(ctx), stored: [] };
      let form = guessed;
      try {
        let files: UploadIds = {};
        if (req.is('multipart/form-data')) files = await intake(call, guessed);
        else await parseWith(urlencoded, req, res);
        const body = bodyOf(req);
        form = isFormName(body[FORM_FIELD]) ? body[FORM_FIELD] : guessed;
        if (source === 'unknown' && !formTokenValid(csrfCookieOf(req, res), form, body[TOKEN_FIELD])) {
          await discardUnclaimed(deps, call.stored);
          return await answer(403, {
            form,
            values: typedValues(body, form),
            errors: { form: [message(lang, 'formUnconfirmed')] },
            fileDropped: postedFile(call),
          });
        }
        await forms[form].submit(call.caller, body, files);
        // A file the stored form did not take (a newsletter post carrying one) is not kept either.
        await discardUnclaimed(deps, call.stored);
        return res.redirect(303, sentPath(form));
      } catch (error) {
        await discardUnclaimed(deps, call.stored);
        const kept = { form, values: typedValues(bodyOf(req), form), fileDropped: postedFile(call) };
        // A body the parser refused (too long, malformed) is the visitor's mistake, not a server error.
        const parserStatus = (error as { status?: unknown }).status;
        if (!(error instanceof TRPCError) && typeof parserStatus === 'number' && parserStatus >= 400 && parserStatus < 500) {
          return await answer(parserStatus, { ...kept, errors: { form: [message(lang, 'invalidValue')] } });
        }
        const reply = restError(error, ctx, fileFieldNames);
        const { message: text, errors } = reply.body as { message?: string; errors?: Record<string, string[]> };
        if (reply.headers) res.set(reply.headers);
        const fileRefused = errors && Object.keys(errors).some((name) => Object.values(fileFieldNames).includes(name));
        return await answer(reply.status, {
          ...kept,
          errors: errors ? { ...(fileRefused ? textErrors(form, bodyOf(req), lang) : {}), ...errors } : { form: [text ?? message(lang, 'serverError')] },
        });
      }
    } catch (error) {
      next(error);
    }
  };
}
