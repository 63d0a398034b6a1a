import 'astro';
import type { InteractOptions } from './interact';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first use, replaying early clicks and changes: see src/lib/directives/interact.ts. */
    'client:interact'?: boolean | InteractOptions;
  }
}
