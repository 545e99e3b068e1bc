/** A related resource as the contract shows it: its label ("" when it has none) and URI. */
export interface Related {
  label: string;
  uri: string;
}

/** A concept as the contract shows it: all four fields always present, in this order. */
export interface Concept {
  uri: string;
  prefLabel: string;
  altLabels: string[];
  related: Related[];
}
