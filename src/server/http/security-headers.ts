import helmet from 'helmet';
import { isHttps, type Env } from '../env.ts';

/**
 * A strict policy: only our own scripts, styles, fonts and images; frames only from the
 * privacy-enhanced YouTube host; nothing may frame us; no referrer leaves the site. Within the
 * site the browser names the page (`same-origin`): its own posts then carry their true `Origin`,
 * which tells them apart from another site's (under `no-referrer` browsers send `Origin: null`).
 */
export function securityHeaders(env: Env) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(isHttps(env) ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isHttps(env) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
}
