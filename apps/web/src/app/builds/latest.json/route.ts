import { NextResponse } from 'next/server';
import { currentBuildId } from '@/lib/shell/build-id';

export const dynamic = 'force-dynamic';

/**
 * GET /builds/latest.json (docs/product/web-app-shell.md#build-and-update): `{ "id": "<build id>" }` of the running web
 * build, never cached (`Cache-Control: no-store`; clients also add a `?t=<ms>` cache-busting query).
 * A browser whose page was rendered by another build sees a changed id and offers a reload.
 */
export function GET(): NextResponse {
  return NextResponse.json({ id: currentBuildId() }, { headers: { 'Cache-Control': 'no-store, max-age=0' } });
}
