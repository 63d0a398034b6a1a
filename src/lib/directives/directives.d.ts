import 'astro';
import type { InteractOptions } from './interact';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate the header session island: see src/lib/directives/session.ts. */
    'client:session'?: boolean;
    /** Hydrate on the first use, replaying early clicks and changes: see src/lib/directives/interact.ts. */
    'client:interact'?: boolean | InteractOptions;
  }
}
