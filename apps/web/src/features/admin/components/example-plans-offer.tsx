import { EXAMPLE_PLANS } from '@parallax/contract';
import { Sparkles } from 'lucide-react';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { formatPrice, perInterval } from '../../billing';

/**
 * Shown while no active paid plan exists: /pricing then offers only the free plan (a fresh
 * install with Stripe starts so). One click adds the example plans, to edit like any other.
 */
export function ExamplePlansOffer({ busy, onCreate }: { busy: boolean; onCreate: () => void }) {
  const names = EXAMPLE_PLANS.map(
    (p) =>
      `${p.name} (${formatPrice(p.price, p.currency ?? 'usd')} ${perInterval(p.interval ?? 'month')})`,
  ).join(' and ');
  return (
    <Card
      className="mb-6 flex flex-wrap items-center justify-between gap-3 p-4"
      role="region"
      aria-label="No paid plans"
    >
      <div className="min-w-0 flex-1 basis-64">
        <p className="font-medium">No paid plan yet</p>
        <p className="mt-1 text-sm text-fg-muted">
          /pricing offers only the free plan until a paid one exists. Start from the examples —{' '}
          {names} — and edit or archive them as you like.
        </p>
      </div>
      <Button variant="outline" loading={busy} disabled={busy} onClick={onCreate}>
        <Sparkles className="size-4" aria-hidden /> Create example plans
      </Button>
    </Card>
  );
}
