/** oidc-provider's own in-memory adapter, which its package ships without a declaration. */
declare module "oidc-provider/lib/adapters/memory_adapter.js" {
  import type { Adapter } from "oidc-provider";

  const MemoryAdapter: new (model: string) => Adapter;
  export default MemoryAdapter;
}
