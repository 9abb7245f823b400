import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    /** The client address (X-Forwarded-For only with TRUST_PROXY). */
    clientIp: string;
  }
}
