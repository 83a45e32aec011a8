import { defineConfig } from 'drizzle-kit';

/** drizzle-kit generates SQL migrations from src/db/schema.ts; they run from code (src/db/migrate.ts). */
export default defineConfig({ dialect: 'postgresql', schema: './src/db/schema.ts', out: './drizzle' });
