import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A passkey authenticator in software, for API tests: it makes a P-256 credential ("none"
 * attestation) and signs assertions exactly as WebAuthn lays them out, for whatever origin and
 * relying party the test names, so a test can also play a phishing page. The e2e suite drives a
 * real browser's virtual authenticator instead.
 */

// The little CBOR WebAuthn needs: unsigned and negative integers, byte and text strings, maps.
function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(value, 1);
  return out;
}

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** User present and user verified (the device's lock was used); AT: a credential follows. */
const FLAGS = { UP: 0x01, UV: 0x04, AT: 0x40 };

export interface ClientSide {
  /** The origin the browser reports (the page's address). */
  origin: string;
  /** The relying party id the authenticator scopes the key to (defaults to the origin's host name). */
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, client: ClientSide): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: client.origin, crossOrigin: false }));
  }

  private rpIdHash(client: ClientSide): Buffer {
    return sha256(client.rpId ?? new URL(client.origin).hostname);
  }

  /** The answer to navigator.credentials.create() for these options, as @simplewebauthn/browser serialises it. */
  register(options: { challenge: string }, client: ClientSide) {
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, client);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(client),
      Buffer.from([FLAGS.UP | FLAGS.UV | FLAGS.AT]),
      count,
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer to navigator.credentials.get(): the counter moves on unless told which to report. */
  assert(options: { challenge: string }, client: ClientSide, counter = this.counter + 1) {
    this.counter = counter;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, client);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const authenticatorData = Buffer.concat([this.rpIdHash(client), Buffer.from([FLAGS.UP | FLAGS.UV]), count]);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: b64url('unused'),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
