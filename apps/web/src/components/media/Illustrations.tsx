import type { ReactElement } from 'react';
import type { IllustrationKind } from './illustration';

/**
 * Designed stand-ins for products without a picture (docs/decisions/product-pictures.md): one
 * small inline SVG drawing per kind, 120 × 120 user units, in the brand colours of the Tailwind
 * theme (apps/web/src/app/globals.css: brand, brand-dark, brand-soft, line, white). Shapes only:
 * the accessible name is set by ProductPicture (role img + aria-label from `images.illustration`).
 */
const S = 'stroke-brand-dark';
const sw = { strokeWidth: 3, strokeLinejoin: 'round' as const, strokeLinecap: 'round' as const };

const DRAWINGS: Record<IllustrationKind, ReactElement> = {
  vial: (
    <g {...sw}>
      <rect x="48" y="18" width="24" height="10" rx="2" className={`fill-brand ${S}`} />
      <rect x="52" y="28" width="16" height="8" className={`fill-white ${S}`} />
      <path d="M44 36h32v62a8 8 0 0 1-8 8H52a8 8 0 0 1-8-8z" className={`fill-white ${S}`} />
      <path d="M46 64h28v34a6 6 0 0 1-6 6H52a6 6 0 0 1-6-6z" className="fill-brand-soft" />
      <rect x="44" y="70" width="32" height="16" className={`fill-brand ${S}`} />
      <path d="M52 78h16" className="stroke-white" />
    </g>
  ),
  blister: (
    <g {...sw}>
      <rect x="22" y="24" width="76" height="72" rx="8" className={`fill-brand-soft ${S}`} />
      {[40, 60, 80].flatMap((y) =>
        [44, 76].map((x) => (
          <ellipse key={`${x}-${y}`} cx={x} cy={y} rx="11" ry="7" className={`fill-white ${S}`} />
        )),
      )}
      <path d="M60 28v64" className="stroke-line" strokeDasharray="4 4" />
    </g>
  ),
  tube: (
    <g {...sw}>
      <path d="M36 30h48l-6 58H42z" className={`fill-white ${S}`} />
      <path d="M34 26h52v6H34z" className={`fill-brand-dark ${S}`} />
      <rect x="50" y="88" width="20" height="8" className={`fill-brand ${S}`} />
      <rect x="47" y="96" width="26" height="12" rx="3" className={`fill-brand ${S}`} />
      <rect x="42" y="46" width="36" height="22" rx="3" className="fill-brand-soft" />
      <path d="M50 57h20" className="stroke-brand" />
    </g>
  ),
  sachet: (
    <g {...sw}>
      <path
        d="M30 22h60l-4 10 4 10v56a6 6 0 0 1-6 6H36a6 6 0 0 1-6-6V42l4-10z"
        className={`fill-white ${S}`}
      />
      <path d="M30 22h60M30 42h60" className={S} />
      <rect x="40" y="56" width="40" height="30" rx="4" className="fill-brand-soft" />
      {[
        [50, 66],
        [60, 74],
        [70, 66],
        [55, 79],
        [66, 80],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="3" className="fill-brand" />
      ))}
    </g>
  ),
  spray: (
    <g {...sw}>
      <rect x="42" y="44" width="36" height="62" rx="8" className={`fill-white ${S}`} />
      <rect x="42" y="66" width="36" height="22" className={`fill-brand ${S}`} />
      <path d="M50 44V34h20v10" className={`fill-brand-soft ${S}`} />
      <path d="M54 34v-8h22l-4 8" className={`fill-brand-dark ${S}`} />
      <path d="M84 22l10-4M84 28h12M84 34l10 4" className="stroke-brand" />
    </g>
  ),
  pipette: (
    <g {...sw}>
      <path d="M50 18h20v14l-4 6v46l-6 22-6-22V38l-4-6z" className={`fill-white ${S}`} />
      <path d="M54 56h12v28l-6 16-6-16z" className="fill-brand-soft" />
      <rect x="48" y="18" width="24" height="12" rx="3" className={`fill-brand ${S}`} />
      <path d="M60 104v4" className="stroke-brand" />
      <circle cx="60" cy="112" r="3" className="fill-brand" />
    </g>
  ),
  bottle: (
    <g {...sw}>
      <rect x="48" y="16" width="24" height="14" rx="3" className={`fill-brand-dark ${S}`} />
      <path d="M50 30h20v8l10 10v52a6 6 0 0 1-6 6H46a6 6 0 0 1-6-6V48l10-10z" className={`fill-white ${S}`} />
      <path d="M42 70h36v30a4 4 0 0 1-4 4H46a4 4 0 0 1-4-4z" className="fill-brand-soft" />
      <rect x="40" y="56" width="40" height="20" className={`fill-brand ${S}`} />
      <path d="M50 66h20" className="stroke-white" />
    </g>
  ),
  bag: (
    <g {...sw}>
      <path d="M30 26h60l6 76a6 6 0 0 1-6 6H30a6 6 0 0 1-6-6z" className={`fill-brand ${S}`} />
      <path d="M30 26l4 10h52l4-10" className={`fill-brand-dark ${S}`} />
      <rect x="38" y="52" width="44" height="36" rx="6" className="fill-white" />
      <path
        d="M60 80c-8-4-12-8-12-13a6 6 0 0 1 12-2 6 6 0 0 1 12 2c0 5-4 9-12 13z"
        className="fill-brand-soft stroke-brand"
      />
    </g>
  ),
  instrument: (
    <g {...sw}>
      <path d="M40 24v26a20 20 0 0 0 40 0V24" className={`fill-none ${S}`} />
      <circle cx="40" cy="22" r="4" className="fill-brand" />
      <circle cx="80" cy="22" r="4" className="fill-brand" />
      <path d="M60 70v16a16 16 0 0 0 32 0v-6" className={`fill-none ${S}`} />
      <circle cx="92" cy="74" r="9" className={`fill-brand-soft ${S}`} />
      <circle cx="92" cy="74" r="3" className="fill-brand" />
    </g>
  ),
  box: (
    <g {...sw}>
      <path d="M24 40l36-14 36 14v50l-36 14-36-14z" className={`fill-white ${S}`} />
      <path d="M24 40l36 14 36-14M60 54v50" className={S} />
      <path d="M60 54l36-14v50l-36 14z" className="fill-brand-soft" />
      <path d="M36 60l14 6v12l-14-6z" className="fill-brand" />
      <path d="M72 62h12M78 56v12" className="stroke-brand" strokeWidth="4" />
    </g>
  ),
};

/** The drawing of `kind` (an SVG group for a 0 0 120 120 view box). */
export function IllustrationDrawing({ kind }: { kind: IllustrationKind }): ReactElement {
  return DRAWINGS[kind];
}
