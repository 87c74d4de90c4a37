import { loadConfig } from '../config';
import { openDatabaseFromConfig } from './database-from-config';

// Opening the database applies the committed migrations.
const database = await openDatabaseFromConfig(loadConfig());
await database.close();
console.log('Migrations appliquées.');
