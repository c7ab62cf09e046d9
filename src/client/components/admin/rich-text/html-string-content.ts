import { commands as core, Extension } from '@tiptap/core';
import { Fragment, type Schema } from '@tiptap/pm/model';
import { stripBidiOverrides } from '../../../../shared/bidi.ts';
import { documentFromHtmlString, insertableOf } from './allowlisted-content.ts';

function insertableHtml(schema: Schema, html: string): Fragment | null {
  const doc = documentFromHtmlString(html);
  return doc && insertableOf(schema, doc);
}

/** A string without markup is words, spaces and all (as TipTap inserts it), without direction overrides. */
function textOf(schema: Schema, value: string): Fragment {
  const text = stripBidiOverrides(value);
  return text ? Fragment.from(schema.text(text)) : Fragment.empty;
}

/**
 * TipTap's content commands take HTML strings too, and would parse them with the browser's
 * DOMParser and read the result with the editor's schema. Here a string goes through the site's
 * allowlist first (allowlisted-content.ts), like a paste; a string it refuses (too long, too deep)
 * makes the command fail instead of being read another way. A string with no markup (no `<`, no
 * entity) is inserted as the words it is. Documents and nodes pass unchanged.
 * (insertContent and clearContent go through insertContentAt and setContent.) Later extensions'
 * commands replace earlier ones of the same name, TipTap's own coming first.
 */
export const HtmlStringContent = Extension.create({
  name: 'htmlStringContent',
  addCommands() {
    return {
      insertContentAt: (position, value, options) => (props) => {
        if (typeof value !== 'string') return core.insertContentAt(position, value, options)(props);
        const content = /[<&]/.test(value) ? insertableHtml(props.editor.schema, value) : textOf(props.editor.schema, value);
        return content ? core.insertContentAt(position, content, options)(props) : false;
      },
      setContent: (content, options) => (props) => {
        if (typeof content !== 'string') return core.setContent(content, options)(props);
        const doc = documentFromHtmlString(content);
        return doc ? core.setContent(doc, options)(props) : false;
      },
      insertDefaultBlock: (options) => (props) => {
        if (typeof options?.content !== 'string') return core.insertDefaultBlock(options)(props);
        const content = insertableHtml(props.editor.schema, options.content);
        return content ? core.insertDefaultBlock({ ...options, content })(props) : false;
      },
    };
  },
});
