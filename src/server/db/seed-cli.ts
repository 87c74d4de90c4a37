import { loadConfig } from '../config';
import { openDatabaseFromConfig } from './database-from-config';
import { seedDatabase } from './seed';

const database = await openDatabaseFromConfig(loadConfig());
const { insertedItems } = await seedDatabase(database.db);
await database.close();
console.log(`Données de départ appliquées (${insertedItems} éléments de catalogue ajoutés).`);
