/**
 * `npm run seed:volume -- --bookings 100000 [--seed N] [--today YYYY-MM-DD]`: fills the configured
 * database (PGlite folder or DATABASE_URL) with the volume generator's rows (db/volume-seed.ts),
 * with a progress bar on stderr. Run it again to resume an interrupted fill.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { todayInParis } from '../../shared/booking-days';
import { openDatabaseFromConfig } from './database-from-config';
import { seedVolume } from './volume-seed';

const { values } = parseArgs({
  options: {
    bookings: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    today: { type: 'string' },
    batch: { type: 'string', default: '2000' },
  },
});

const started = Date.now();
function bar(done: number, total: number) {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stderr.write(
    `\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${Math.round((done / total) * 100)} % (${done}/${total} lots, ${seconds} s)`,
  );
  if (done === total) process.stderr.write('\n');
}

const database = await openDatabaseFromConfig(loadConfig());
try {
  const result = await seedVolume(database.db, {
    bookings: Number(values.bookings),
    seed: Number(values.seed),
    today: values.today ?? todayInParis(),
    batchSize: Number(values.batch),
    onProgress: bar,
  });
  console.log(
    `Données de volume : ${result.written} lots écrits, ${result.skipped} déjà présents, en ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}
