import { z } from 'zod';

// In the browser zod must not compile its parsers with `new Function`: the site's content security
// policy forbids eval, and each refused attempt is reported as a violation (which Lighthouse and
// a browser's console count). The server keeps zod's faster compiled parsers.
if (typeof window !== 'undefined') z.config({ jitless: true });
