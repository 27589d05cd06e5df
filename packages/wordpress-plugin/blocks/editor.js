/**
 * The editor side of the Cargo Trackers blocks, in plain JavaScript on WordPress's globals, so
 * the plugin installs without a build step. Each block gets a sidebar field per attribute (the
 * list comes from blocks/fields.generated.php, generated from the elements' API declaration) and
 * a preview: the markup the server renders for the page, upgraded by the plugin's own script.
 */
(function (wp, settings) {
  const { registerBlockType } = wp.blocks;
  const { InspectorControls, useBlockProps } = wp.blockEditor;
  const { Disabled, PanelBody, SelectControl, TextControl, ToggleControl } = wp.components;
  const el = wp.element.createElement;
  const { __ } = wp.i18n;
  const ServerSideRender = wp.serverSideRender;

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
          el(Disabled, null, el(ServerSideRender, { block: name, attributes })),
        );
      },
      // Rendered on the server (blocks/blocks.php), so nothing is saved but the attributes.
      save: () => null,
    });
  }
})(window.wp, window.cargoTrackersBlocks);
