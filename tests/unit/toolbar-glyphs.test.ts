import type { Editor } from '@tiptap/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { standardActions, Toolbar } from '../../src/client/components/admin/rich-text/toolbar.tsx';

// Only what building the list of actions reads of an editor: nothing is run.
const idle = { isActive: () => false, can: () => ({ undo: () => false, redo: () => false }), chain: () => ({}) } as unknown as Editor;

describe('the body editor toolbar', () => {
  it('draws every button as an icon: no text, so no emoji font is needed and the name is all the label', () => {
    const actions = standardActions(idle, (key) => `name of ${key}`, { link: () => {}, image: () => {}, video: () => {}, library: () => {} });
    const html = renderToStaticMarkup(createElement(Toolbar, { actions, label: 'Text', dir: 'rtl' }));
    const buttons = html.match(/<button[^>]*>.*?<\/button>/g) ?? [];
    expect(buttons).toHaveLength(actions.length);
    for (const button of buttons) {
      expect(button).toMatch(/<svg[^>]*aria-hidden="true"[^>]*><path d="M[^"]+"/);
      // Nothing a person sees as text: axe's label-content-name-mismatch compares visible text with the name.
      expect(button.replace(/<[^>]+>/g, '')).toBe('');
      expect(button).toMatch(/aria-label="name of editor\.\w+"/);
    }
  });
});
