/**
 * Diagrams rendered on the server into static inline SVG: no client-side
 * diagram library, nothing to hydrate but markup. Each diagram is a <figure>
 * with an accessible SVG (title + desc), a visible caption and a text version
 * (an ordered list) for readers who cannot or would rather not read a picture.
 * Layout is computed by the pure functions in ./layout.
 */
// One module per diagram kind, so a page bundles only what it draws (the WebSocket
// reference imports ./SequenceDiagram directly).
export {SequenceDiagram, type SequenceDiagramProps} from './SequenceDiagram';
export {StateDiagram, type StateDiagramProps} from './StateDiagram';
export {FlowDiagram, type FlowDiagramProps} from './FlowDiagram';
