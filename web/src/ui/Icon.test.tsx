import { render } from '@testing-library/react';
import SupportAgentIcon from 'icon:SupportAgent';
import HomeIcon from 'icon:HomeOutlined';
import { describe, expect, it } from 'vitest';

// scripts/svg-icons.ts turns `icon:Name` into Material's drawing as a plain <svg>.
describe('plain Material icons', () => {
  it("draw the icon module's elements, hidden from screen readers without a title", () => {
    const { container } = render(<SupportAgentIcon />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('viewBox', '0 0 24 24');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg.querySelectorAll('path').length).toBeGreaterThanOrEqual(1);
    expect(svg.querySelectorAll('circle').length).toBe(2);
    expect(svg.querySelector('circle')).toHaveAttribute('r');
  });

  it('are an image named by their title when they have one', () => {
    const { getByRole } = render(<HomeIcon title="首页" size={16} />);
    const img = getByRole('img', { name: '首页' });
    expect(img).toHaveAttribute('width', '16');
    expect(img.querySelector('path')?.getAttribute('d')).toMatch(/^m12 5\.69/);
  });
});
