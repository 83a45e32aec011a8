// Next's ambient types without the generated next-env.d.ts (which imports .next/ files that a clean
// checkout does not have, so `tsc -p apps/web --noEmit` passes before any build).
/// <reference types="next" />
/// <reference types="next/image-types/global" />
