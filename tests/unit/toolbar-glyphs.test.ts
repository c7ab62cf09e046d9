import type { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { standardActions } from '../../src/client/components/admin/rich-text/toolbar.tsx';

// Only what building the list of actions reads of an editor: nothing is run.
const idle = { isActive: () => false, can: () => ({ undo: () => false, redo: () => false }), chain: () => ({}) } as unknown as Editor;

describe('the body editor toolbar', () => {
  it('shows letters, signs or drawn icons, never emoji, which a computer without an emoji font shows as empty boxes', () => {
    const actions = standardActions(idle, (key) => key, { link: () => {}, image: () => {}, video: () => {} });
    const texts = actions.map((action) => action.glyph).filter((glyph): glyph is string => typeof glyph === 'string');
    expect(texts.filter((glyph) => /\p{Extended_Pictographic}/u.test(glyph))).toEqual([]);
    expect(actions.filter((action) => typeof action.glyph !== 'string').map((action) => action.key)).toEqual(['link', 'image', 'video']);
  });
});
