import { contractCalls, contractFileOf } from '@shared/api/contracts.contract';
import { callApi } from './call-api';
import { api } from './client';

/**
 * GET /v1/contracts/{filename}: the filename is the last segment of the contract URL (SPEC.md §7);
 * the blob is saved as 'Contrat-Reservation.pdf'. Shared by the booking detail and the dashboard.
 */
export async function downloadContract(contractUrl: string): Promise<void> {
  const pdf = (await callApi(
    api,
    contractCalls.contract,
    { params: { filename: contractFileOf(contractUrl) } },
    { responseType: 'blob' },
  )) as Blob;
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'Contrat-Reservation.pdf';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
