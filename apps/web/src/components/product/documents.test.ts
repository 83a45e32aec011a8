import { describe, expect, it } from 'vitest';
import { documentOf } from './documents';

describe('documentOf', () => {
  it('names the agency pages the catalogue links to', () => {
    expect(
      documentOf({
        type: 'notice',
        url: 'http://www.ircp.anmv.anses.fr/rcp.aspx?NomMedicament=COLICILLINE',
      }),
    ).toEqual({ kind: 'spc', source: 'ANMV' });
    expect(
      documentOf({ type: 'notice', url: 'https://www.vmd.defra.gov.uk/productinformationdatabase/spc.aspx' }),
    ).toEqual({ kind: 'spc', source: 'VMD' });
    expect(
      documentOf({
        type: 'info',
        url: 'https://www.ema.europa.eu/en/medicines/veterinary/EPAR/carprofen-orion',
      }),
    ).toEqual({ kind: 'epar', source: 'EMA' });
  });

  it('keeps the kind of the media type elsewhere, and survives bad addresses', () => {
    expect(documentOf({ type: 'notice', url: 'https://example.org/leaflet.pdf' })).toEqual({
      kind: 'leaflet',
      source: null,
    });
    expect(documentOf({ type: 'info', url: 'not a url' })).toEqual({ kind: 'info', source: null });
    expect(documentOf({ type: 'video', url: 'https://www.ema.europa.eu/x.mp4' })).toEqual({
      kind: 'video',
      source: 'EMA',
    });
    expect(documentOf({ type: 'notice', url: 'https://www.ema.europa.eu/en/documents/leaflet.pdf' })).toEqual(
      {
        kind: 'leaflet',
        source: 'EMA',
      },
    );
  });
});
