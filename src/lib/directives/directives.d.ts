import 'astro';
import type { InteractOptions } from './interact';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first use, replaying early clicks and changes: see src/lib/directives/interact.ts. */
    'client:interact'?: boolean | InteractOptions;
    /** Hydrate only for a member, now or once one signs in or joins: see src/lib/directives/member.ts. */
    'client:member'?: boolean;
  }
}
