import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

const ITEMS = ['甲', '乙', '丙'].map((label, i) => ({ value: i, label, id: `t${i}`, controls: 'panel' }));

function Harness() {
  const [value, setValue] = useState(0);
  return <Tabs label="分类" items={ITEMS} value={value} onChange={setValue} />;
}

describe('Tabs', () => {
  it('is one tab stop; the arrows, Home and End move and select, wrapping at the ends', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: '分类' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveAttribute('aria-controls', 'panel');

    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: '乙' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '乙' })).toHaveFocus();
    fireEvent.keyDown(tabs[1]!, { key: 'End' });
    expect(screen.getByRole('tab', { name: '丙' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: '甲' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: '丙' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tabs[2]!, { key: 'Home' });
    expect(screen.getByRole('tab', { name: '甲' })).toHaveFocus();
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);

    fireEvent.click(screen.getByRole('tab', { name: '乙' }));
    expect(screen.getByRole('tab', { name: '乙' })).toHaveAttribute('aria-selected', 'true');
  });
});
