import { isAxiosError } from 'axios';

/** The server's own French text, from our `{ success:false, error, message }` envelope. */
export function serverMessage(error: unknown): string | undefined {
  if (!isAxiosError(error)) return undefined;
  const data = error.response?.data as { message?: unknown; error?: unknown } | undefined;
  if (!data || typeof data !== 'object') return undefined;
  if (typeof data.message === 'string' && data.message.trim()) return data.message;
  if (typeof data.error === 'string' && data.error.trim()) return data.error;
  return undefined;
}

export function httpStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/** The generic messages of SPEC.md §8 by status, used wherever a screen has no message of its own. */
export function errorMessage(error: unknown): string {
  if (!isAxiosError(error)) return 'Une erreur inattendue est survenue';
  if (!error.response) {
    return error.request ? 'Problème de connexion réseau' : 'Une erreur inattendue est survenue';
  }
  const status = error.response.status;
  const fromServer = serverMessage(error);
  switch (status) {
    case 400:
      return fromServer ?? 'Données invalides';
    case 401:
      return 'Session expirée, veuillez vous reconnecter';
    case 403:
      return fromServer ?? 'Accès non autorisé';
    case 404:
      return fromServer ?? 'Ressource non trouvée';
    case 409:
      return fromServer ?? 'Conflit de données';
    case 422:
      return fromServer ?? 'Données de validation incorrectes';
    case 429:
      return 'Trop de requêtes, veuillez patienter';
    case 500:
      return 'Erreur serveur, veuillez réessayer plus tard';
    default:
      return `Erreur ${status}`;
  }
}
