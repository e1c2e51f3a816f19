/**
 * Facts about schema view nodes shared by the Schema component and the build
 * (plugins/api-reference/schema/dataTypes.ts): plain functions, no React.
 */
import type {SchemaNode} from '../types';

/** Whether the node has anything below it: fields, items, tuple items, branches or a recursion link. */
export function hasChildren(node: SchemaNode): boolean {
  return (
    node.fields !== undefined ||
    node.items !== undefined ||
    node.prefixItems !== undefined ||
    node.groups !== undefined ||
    node.recursive !== undefined
  );
}
