import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LISTING_PRICE_MESSAGE, MAX_LISTING_PRICE } from '@common/market-limits';
import { PriceField } from './price-field';

const field = (value: string) => renderToString(<PriceField id="price" value={value} onChange={() => undefined} suggested={800} />);

describe('PriceField', () => {
  it('shows what a listable price pays after the fee', () => {
    const html = field('1000');
    expect(html).toContain('sale-proceeds');
    expect(html).not.toContain('sale-price-invalid');
  });

  it('says why a price the server would refuse cannot be listed, in its words, instead of going quiet', () => {
    for (const value of [String(MAX_LISTING_PRICE + 1), '99999999999', '0', '12.5', '-3']) {
      const html = field(value);
      expect(html, value).not.toContain('sale-proceeds');
      expect(html, value).toContain(LISTING_PRICE_MESSAGE);
    }
  });

  it('says nothing while the field is empty', () => {
    const html = field('');
    expect(html).not.toContain('sale-proceeds');
    expect(html).not.toContain('sale-price-invalid');
  });
});
