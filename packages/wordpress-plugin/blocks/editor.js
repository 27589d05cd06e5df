/**
 * The editor side of the Cargo Trackers blocks, in plain JavaScript on WordPress's globals, so
 * the plugin installs without a build step. Each block gets a sidebar field per attribute (the
 * list comes from blocks/fields.generated.php, generated from the elements' API declaration) and
 * a preview: the markup the server renders for the page, upgraded by the plugin's own script.
 */
(function (wp, settings) {
  const { registerBlockType } = wp.blocks;
  const { InspectorControls, useBlockProps } = wp.blockEditor;
  const { Disabled, PanelBody, SelectControl, Spinner, TextControl, ToggleControl } = wp.components;
  const { createElement: el, RawHTML, useEffect, useState } = wp.element;
  const { __, sprintf } = wp.i18n;
  const apiFetch = wp.apiFetch;
  const { addQueryArgs } = wp.url;

  /** How long the preview waits for the owner to stop typing before it asks the server again. */
  const SETTLE_MS = 400;

  /**
   * Adds the elements' module script to the document the block is drawn in, once: the editor's
   * canvas may be an iframe, whose document has a registry of custom elements of its own.
   */
  function loadElements(node) {
    const doc = node && node.ownerDocument;
    if (!doc || doc.querySelector('script[data-cargo-trackers-editor]')) return;
    const script = doc.createElement('script');
    script.type = 'module';
    script.src = settings.scriptUrl;
    script.setAttribute('data-cargo-trackers-editor', '');
    doc.head.appendChild(script);
  }

  /**
   * A language by its own name ("Deutsch", "日本語"), as language menus list them, with its code;
   * the code alone where the browser cannot name it.
   */
  function languageName(code) {
    try {
      const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
      return name && name !== code ? `${name} (${code})` : code;
    } catch {
      return code;
    }
  }

  /**
   * The block's preview: the markup the server renders for the page (our own render callback in
   * blocks/blocks.php, from the site itself, as WordPress's ServerSideRender shows it), asked again
   * once an edit settles. Not ServerSideRender: its debounced request is cancelled by any re-render
   * in the next 500 ms, its own answer to an earlier edit included, so an edit made while a preview
   * was loading was never shown. Here each edit restarts one timer, a newer edit aborts an older
   * request, and the last preview stays in place until the next one arrives.
   */
  function Preview({ block, attributes }) {
    // Without the unset fields: the key changes only when a value does.
    const query = JSON.stringify(attributes);
    const [shown, setShown] = useState({ html: null, error: null });
    useEffect(() => {
      const aborter = new AbortController();
      const path = addQueryArgs(`/wp/v2/block-renderer/${block}`, { context: 'edit', attributes: JSON.parse(query) });
      const timer = setTimeout(
        () =>
          apiFetch({ path, signal: aborter.signal }).then(
            (answer) => aborter.signal.aborted || setShown({ html: answer.rendered, error: null }),
            (error) => aborter.signal.aborted || setShown((last) => ({ html: last.html, error: error.message || error.code })),
          ),
        // The first preview at once; later ones when the typing stops.
        shown.html === null && shown.error === null ? 0 : SETTLE_MS,
      );
      return () => {
        clearTimeout(timer);
        aborter.abort();
      };
    }, [block, query]);
    if (shown.error !== null) {
      /* translators: %s: why the server could not render the preview. */
      return el('p', null, sprintf(__('The preview could not be loaded: %s', 'cargo-trackers'), shown.error));
    }
    return shown.html === null ? el(Spinner) : el(RawHTML, null, shown.html);
  }

  /** One sidebar control; an emptied field removes the attribute, so the element's default applies. */
  function control(field, value, setAttributes) {
    const set = (next) => setAttributes({ [field.name]: next === '' || next === false ? undefined : next });
    const common = { key: field.name, label: field.label, help: field.help };
    switch (field.control) {
      case 'select':
        return el(SelectControl, {
          ...common,
          value: value ?? '',
          options: [
            { label: __('Default', 'cargo-trackers'), value: '' },
            ...field.options.map((option) => ({ label: option, value: option })),
          ],
          onChange: set,
        });
      case 'language': {
        // The languages the trackers ship; a value an older version let an owner type stays listed.
        const codes = value && !field.options.includes(value) ? [...field.options, value] : field.options;
        return el(SelectControl, {
          ...common,
          value: value ?? '',
          options: [
            { label: __('Default', 'cargo-trackers'), value: '' },
            ...codes.map((code) => ({ label: languageName(code), value: code })),
          ],
          onChange: set,
        });
      }
      case 'toggle':
        return el(ToggleControl, { ...common, checked: value === true, onChange: set });
      case 'number':
        return el(TextControl, {
          ...common,
          type: 'number',
          value: value ?? '',
          onChange: (text) => set(text === '' ? '' : Number(text)),
        });
      default:
        return el(TextControl, { ...common, value: value ?? '', onChange: set });
    }
  }

  for (const [tag, fields] of Object.entries(settings.fields)) {
    const name = `cargo-trackers/${tag}`;
    const panel = (id, title, initialOpen, attributes, setAttributes) =>
      el(
        PanelBody,
        { title, initialOpen },
        fields.filter((field) => field.panel === id).map((field) => control(field, attributes[field.name], setAttributes)),
      );
    // Title, attributes and the rest come from block.json, which the server registered.
    registerBlockType(name, {
      edit({ attributes, setAttributes }) {
        const blockProps = useBlockProps({ ref: loadElements });
        return el(
          'div',
          blockProps,
          el(
            InspectorControls,
            null,
            panel('shipment', __('Shipment', 'cargo-trackers'), true, attributes, setAttributes),
            panel('settings', __('Display and proxy', 'cargo-trackers'), false, attributes, setAttributes),
          ),
          // Disabled: the preview shows the element; typing into it belongs to the page's visitors.
          el(Disabled, null, el(Preview, { block: name, attributes })),
        );
      },
      // Rendered on the server (blocks/blocks.php), so nothing is saved but the attributes.
      save: () => null,
    });
  }
})(window.wp, window.cargoTrackersBlocks);
