import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate the header session island: see src/lib/directives/session.ts. */
    'client:session'?: boolean;
  }
}
