import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';

export const passkeysSupported = () => typeof window !== 'undefined' && browserSupportsWebAuthn();

type AuthenticationOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];
type RegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];

/** The browser's answer to a sign-in request, or null when the person cancelled it. */
export async function askForPasskey(optionsJSON: AuthenticationOptions) {
  try {
    return await startAuthentication({ optionsJSON });
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
}

/** A new passkey made by the browser, or null when the person cancelled. */
export async function makePasskey(optionsJSON: RegistrationOptions) {
  try {
    return await startRegistration({ optionsJSON });
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
}

const cancelled = (error: unknown) =>
  (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') || (error instanceof Error && error.name === 'NotAllowedError');
