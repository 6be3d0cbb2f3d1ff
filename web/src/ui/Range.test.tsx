import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import { Range } from './Range';

/** Like the player: moving shows the moved value; letting go shows the owner's own value again (the position). */
function Harness({ onMove, onCommit }: { onMove: (v: number) => void; onCommit: (v: number) => void }) {
  const [value, setValue] = useState(30);
  return (
    <Range
      label="播放进度"
      valueText={`${value}`}
      value={value}
      max={100}
      onMove={(v) => {
        onMove(v);
        setValue(v);
      }}
      onCommit={(v) => {
        onCommit(v);
        // The owner re-renders at once with another value (its position before the seek lands). (A browser also rounds
        // such a value to the step, which jsdom does not: tests/e2e/square.test.mjs drags the player's bar for real.)
        flushSync(() => setValue(5));
      }}
    />
  );
}

describe('Range', () => {
  it('reports each move, then the release once, and nothing for the value its owner sets after', () => {
    const onMove = vi.fn();
    const onCommit = vi.fn();
    render(<Harness onMove={onMove} onCommit={onCommit} />);
    const slider = screen.getByRole('slider', { name: '播放进度' });
    expect(slider).toHaveValue('30');
    fireEvent.input(slider, { target: { value: '40' } });
    fireEvent.input(slider, { target: { value: '60' } });
    fireEvent.change(slider, { target: { value: '60' } });
    expect(onMove.mock.calls).toEqual([[40], [60]]);
    expect(onCommit.mock.calls).toEqual([[60]]);
    expect(slider).toHaveValue('5');
  });
});
