/**
 * Delivery terms and expected delivery dates (docs/decisions/delivery-charges.md).
 *
 * Charges: the terms of sale know one delivery charge, the handling (participation) fee of
 * `CART_CONSTANTS` (10.50 EUR excl. VAT below 150 EUR excl. VAT of goods, waived when the
 * customer's undelivered orders bring the total to 150 EUR; free delivery from 150 EUR). Carriers
 * add nothing on top. `DELIVERY_TERMS` is the one source the cart note, the home page and the terms
 * page are written from.
 *
 * Dates: an order placed on a business day (Monday to Friday, not a Belgian public holiday) up to
 * the carrier's cut-off time (Europe/Brussels) leaves that day, else the next business day; it is
 * delivered `leadBusinessDays` business days after it left. Dates are ISO `YYYY-MM-DD` strings of
 * the Brussels calendar.
 */
import { CART_CONSTANTS } from './cart.ts';

/** The published delivery terms, in cents excl. VAT. */
export const DELIVERY_TERMS = Object.freeze({
  /** Handling fee below the threshold. */
  handlingFeeCents: CART_CONSTANTS.HANDLING_FEE,
  /** Goods amount (excl. VAT, after discounts) from which no fee is charged. */
  freeFromCents: CART_CONSTANTS.FREE_DELIVERY_FROM,
  /** Carriers charge nothing on top of the handling fee. */
  carrierSurchargeCents: 0,
});

/** What a carrier needs for the expected date. */
export interface CarrierSchedule {
  /** "HH:MM", Brussels time: orders up to this minute leave the same business day. */
  cutoffTime: string;
  /** Business days between departure and delivery (≥ 0). */
  leadBusinessDays: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** Easter Sunday of `year` (Gregorian calendar, anonymous algorithm), as [month, day]. */
export function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

/** Adds `days` calendar days to an ISO date. */
export function addDays(date: string, days: number): string {
  const t = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  const d = new Date(t + days * 86_400_000);
  return iso(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/**
 * The ten Belgian public holidays of `year` (ISO dates, sorted): New Year, Easter Monday, Labour
 * Day, Ascension, Whit Monday, National Day, Assumption, All Saints, Armistice, Christmas.
 */
export function belgianPublicHolidays(year: number): string[] {
  const [em, ed] = easterSunday(year);
  const easter = iso(year, em, ed);
  return [
    iso(year, 1, 1),
    addDays(easter, 1),
    iso(year, 5, 1),
    addDays(easter, 39),
    addDays(easter, 50),
    iso(year, 7, 21),
    iso(year, 8, 15),
    iso(year, 11, 1),
    iso(year, 11, 11),
    iso(year, 12, 25),
  ].sort();
}

const holidayCache = new Map<number, Set<string>>();

/** True for Monday–Friday dates that are not Belgian public holidays. */
export function isBusinessDay(date: string): boolean {
  const year = Number(date.slice(0, 4));
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  let holidays = holidayCache.get(year);
  if (!holidays) {
    holidays = new Set(belgianPublicHolidays(year));
    holidayCache.set(year, holidays);
  }
  return !holidays.has(date);
}

/** The first business day on or after `date`. */
export function nextBusinessDay(date: string): string {
  let d = date;
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

const brussels = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Brussels',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Date ("YYYY-MM-DD") and time ("HH:MM") of `at` in Brussels. */
export function brusselsDateTime(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(brussels.formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * Expected delivery date (ISO, Brussels calendar) of an order placed at `orderedAt` with a carrier
 * of `schedule` (see the module comment).
 */
export function expectedDeliveryDate(orderedAt: Date, schedule: CarrierSchedule): string {
  const { date, time } = brusselsDateTime(orderedAt);
  let departure =
    isBusinessDay(date) && time <= schedule.cutoffTime ? date : nextBusinessDay(addDays(date, 1));
  for (let i = 0; i < Math.max(0, schedule.leadBusinessDays); i++)
    departure = nextBusinessDay(addDays(departure, 1));
  return departure;
}
