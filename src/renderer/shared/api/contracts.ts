import { api } from './client';

/**
 * GET /v1/contracts/{filename}: the filename is the last segment of the contract URL (SPEC.md §7);
 * the blob is saved as 'Contrat-Reservation.pdf'. Shared by the booking detail and the dashboard.
 */
export async function downloadContract(contractUrl: string): Promise<void> {
  const filename = contractUrl.split('/').filter(Boolean).at(-1) ?? '';
  const response = await api.get<Blob>(`/v1/contracts/${filename}`, { responseType: 'blob' });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'Contrat-Reservation.pdf';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
