import { describe, expect, it } from 'vitest';
import { illustrationFor } from './illustration';

describe('illustrationFor', () => {
  it('maps the controlled form codes', () => {
    const cases: [string, string][] = [
      ['solution_for_injection', 'vial'],
      ['suspension_for_injection', 'vial'],
      ['powder_for_solution_for_injection', 'vial'],
      ['tablet', 'blister'],
      ['chewable_tablet', 'blister'],
      ['capsule', 'blister'],
      ['ointment', 'tube'],
      ['gel', 'tube'],
      ['cream', 'tube'],
      ['oral_paste', 'tube'],
      ['intramammary_suspension', 'tube'],
      ['powder_for_drinking_water', 'sachet'],
      ['granules', 'sachet'],
      ['premix_for_medicated_feeding_stuff', 'sachet'],
      ['spray', 'spray'],
      ['cutaneous_spray_solution', 'spray'],
      ['pour_on', 'pipette'],
      ['spot_on', 'pipette'],
      ['oral_solution', 'bottle'],
      ['oral_suspension', 'bottle'],
      ['eye_drops', 'bottle'],
      ['eye_drops_powder_and_solvent_for_suspension', 'bottle'],
      ['lyophilisate_for_oculonasal_suspension', 'vial'],
      ['emulsion_for_injection', 'vial'],
      ['teat_dip_or_spray_solution', 'spray'],
      ['intramammary_ointment', 'tube'],
      ['shampoo', 'bottle'],
    ];
    for (const [form, kind] of cases)
      expect([form, illustrationFor({ family: 'meds', form })]).toEqual([form, kind]);
  });

  it('reads presentation text in French, Dutch and English when there is no form code', () => {
    expect(illustrationFor({ family: 'meds', presentation: 'Solution injectable' })).toBe('vial');
    expect(illustrationFor({ family: 'meds', presentation: 'Oplossing voor injectie' })).toBe('vial');
    expect(illustrationFor({ family: 'meds', presentation: 'Comprimés pelliculés' })).toBe('blister');
    expect(illustrationFor({ family: 'meds', presentation: 'Tabletten' })).toBe('blister');
    expect(illustrationFor({ family: 'meds', presentation: 'Pommade ophtalmique' })).toBe('tube');
    expect(illustrationFor({ family: 'meds', presentation: 'Zalf' })).toBe('tube');
    expect(
      illustrationFor({ family: 'meds', presentation: 'Poudre pour administration dans l’eau de boisson' }),
    ).toBe('sachet');
    expect(illustrationFor({ family: 'meds', presentation: 'Spot-on solution' })).toBe('pipette');
    expect(illustrationFor({ family: 'meds', presentation: 'Solution pour pour-on' })).toBe('pipette');
    expect(illustrationFor({ family: 'meds', presentation: 'Suspension buvable' })).toBe('bottle');
    expect(illustrationFor({ family: 'meds', presentation: 'Aérosol pour pulvérisation cutanée' })).toBe(
      'spray',
    );
  });

  it('food is a bag and equipment an instrument, whatever the form', () => {
    expect(illustrationFor({ family: 'food', form: 'tablet' })).toBe('bag');
    expect(illustrationFor({ family: 'equipment' })).toBe('instrument');
  });

  it('a medicine without a known form is a carton, never nothing', () => {
    expect(illustrationFor({ family: 'meds' })).toBe('box');
    expect(illustrationFor({ family: 'meds', form: null, presentation: 'Kit' })).toBe('box');
    expect(illustrationFor({})).toBe('box');
  });
});
