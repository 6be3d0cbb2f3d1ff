import { useMutation } from '@tanstack/react-query';
import { requestEnvelope } from '../../../lib/api-client';

/** A QR order for a PC browser. */
export interface PcOrder {
  /** The QR image, a data: URL (image/svg+xml). */
  qrUrl: string;
  /** The order number (taskId of /pay/resultQuery). */
  requestId: string;
}

/**
 * POST /pay/jsapiPc with the plan id as a bare JSON number: `data.QRcode_url` and the envelope's top-level
 * `request_id` (docs/api.md), so the whole envelope is read. Failures show the server's message (api client).
 */
export async function createPcOrder(planId: number): Promise<PcOrder> {
  const envelope = await requestEnvelope<{ QRcode_url?: unknown } | null>('/pay/jsapiPc', {
    method: 'POST',
    body: planId,
  });
  const qrUrl = envelope.data?.QRcode_url;
  const requestId = envelope.request_id;
  if (typeof qrUrl !== 'string' || !qrUrl || (typeof requestId !== 'string' && typeof requestId !== 'number')) {
    throw new Error('bad /pay/jsapiPc answer');
  }
  return { qrUrl, requestId: String(requestId) };
}

export function usePcOrder() {
  return useMutation({ mutationFn: createPcOrder });
}
