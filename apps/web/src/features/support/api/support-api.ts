import type {
  AdminSupportListQuery,
  AdminSupportReplyRequest,
  AdminSupportTicketUpdate,
  CreateSupportTicketRequest,
  SupportReplyRequest,
} from '@parallax/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { saveBlob } from '../../../lib/save-blob';
import { useAuth } from '../../auth';

export const supportKey = ['support'] as const;
const ticketsKey = [...supportKey, 'tickets'] as const;
const ticketKey = (id: string) => [...supportKey, 'ticket', id] as const;
const inboxKey = (query: AdminSupportListQuery) => [...supportKey, 'inbox', query] as const;
const inboxTicketKey = (id: string) => [...supportKey, 'inbox-ticket', id] as const;

const path = (id: string) => encodeURIComponent(id);

/** GET /support/tickets: the caller's tickets, latest first. */
export function useSupportTickets() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ticketsKey,
    enabled: isAuthenticated,
    queryFn: async () =>
      parseWire('SupportTicketListResponse', (await http.get<unknown>('/support/tickets')).data)
        .tickets,
  });
}

/** GET /support/tickets/{id} (opening it marks the replies read). */
export function useSupportTicket(id: string | null) {
  return useQuery({
    queryKey: ticketKey(id ?? ''),
    enabled: id !== null,
    queryFn: async () =>
      parseWire(
        'SupportTicketDetail',
        (await http.get<unknown>(`/support/tickets/${path(id ?? '')}`)).data,
      ),
  });
}

export async function createTicket(body: CreateSupportTicketRequest) {
  return parseWire(
    'SupportTicketDetail',
    (await http.post<unknown>('/support/tickets', body)).data,
  );
}

export async function replyToTicket(id: string, body: SupportReplyRequest) {
  const res = await http.post<unknown>(`/support/tickets/${path(id)}/replies`, body);
  return parseWire('SupportTicketDetail', res.data);
}

export async function closeTicket(id: string) {
  const res = await http.post<unknown>(`/support/tickets/${path(id)}/close`);
  return parseWire('SupportTicketDetail', res.data);
}

/** POST /support/attachments: one file, before the ticket or reply that carries it. */
export async function uploadSupportFile(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await http.post<unknown>('/support/attachments', form);
  return parseWire('SupportAttachment', res.data);
}

/** Files are served to the ticket's user and admins only, so the download uses the API client. */
export async function downloadSupportFile(id: string, filename: string): Promise<void> {
  const res = await http.get<Blob>(`/support/attachments/${path(id)}`, { responseType: 'blob' });
  saveBlob(res.data, filename);
}

// ---- admin inbox ----

export function useSupportInbox(query: AdminSupportListQuery) {
  const { isAdmin } = useAuth();
  return useQuery({
    queryKey: inboxKey(query),
    enabled: isAdmin,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      parseWire(
        'AdminSupportTicketListResponse',
        (await http.get<unknown>('/admin/support/tickets', { params: query })).data,
      ),
  });
}

export function useInboxTicket(id: string | null) {
  const { isAdmin } = useAuth();
  return useQuery({
    queryKey: inboxTicketKey(id ?? ''),
    enabled: isAdmin && id !== null,
    queryFn: async () =>
      parseWire(
        'AdminSupportTicketDetail',
        (await http.get<unknown>(`/admin/support/tickets/${path(id ?? '')}`)).data,
      ),
  });
}

export async function adminReply(id: string, body: AdminSupportReplyRequest) {
  const res = await http.post<unknown>(`/admin/support/tickets/${path(id)}/replies`, body);
  return parseWire('AdminSupportTicketDetail', res.data);
}

export async function adminUpdateTicket(id: string, body: AdminSupportTicketUpdate) {
  const res = await http.patch<unknown>(`/admin/support/tickets/${path(id)}`, body);
  return parseWire('AdminSupportTicketDetail', res.data);
}
