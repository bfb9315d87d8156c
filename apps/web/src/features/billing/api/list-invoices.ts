import type { Invoice } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { invoicesKey } from './billing-keys';

/** GET /billing/invoices: the caller's invoices, newest first. */
export async function listInvoices(): Promise<Invoice[]> {
  const res = await http.get<unknown>('/billing/invoices');
  return parseWire('InvoiceListResponse', res.data).invoices;
}

export function useInvoices(enabled: boolean) {
  return useQuery({ queryKey: invoicesKey, queryFn: listInvoices, enabled });
}
