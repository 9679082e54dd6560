/**
 * The ODP v1 patent file wrapper record as the API and the PTFWPRD/PTFWPRE bulk files carry it
 * (`patentFileWrapperDataBag[]`), limited to the members the synthetic generator writes. Field
 * names, nesting and JSON types follow the real records in
 * `samples/file-wrapper-json/odp-v1/` (ints for status codes and customer numbers, strings for
 * application, patent and art-unit numbers, `"Y"/"N"` first-inventor-to-file flag in the metadata
 * but a boolean in continuity entries). Optional members are omitted when empty, as ODP does.
 */

export interface OdpAddress {
  cityName?: string;
  geographicRegionName?: string;
  geographicRegionCode?: string;
  countryCode: string;
  postalCode?: string;
  nameLineOneText?: string;
  countryName: string;
  addressLineOneText?: string;
  postalAddressCategory?: 'postal' | 'residence';
}

export interface OdpEvent {
  eventCode: string;
  eventDescriptionText: string;
  eventDate: string;
}

export interface OdpInventor {
  firstName: string;
  lastName: string;
  countryCode: string;
  inventorNameText: string;
  middleName?: string;
  correspondenceAddressBag: OdpAddress[];
}

export interface OdpApplicant {
  applicantNameText: string;
  correspondenceAddressBag: OdpAddress[];
}

export interface OdpApplicationMetaData {
  firstInventorToFileIndicator: 'Y' | 'N';
  applicationStatusCode: number;
  applicationTypeCode: string;
  entityStatusData: { smallEntityStatusIndicator: boolean; businessEntityStatusCategory: 'Regular Undiscounted' | 'Small' | 'Micro' };
  filingDate: string;
  uspcSymbolText?: string;
  nationalStageIndicator: boolean;
  firstInventorName: string;
  cpcClassificationBag?: string[];
  effectiveFilingDate: string;
  publicationDateBag?: string[];
  publicationSequenceNumberBag?: string[];
  earliestPublicationDate?: string;
  applicationTypeLabelName: string;
  applicationStatusDate: string;
  class?: string;
  applicationTypeCategory: string;
  inventorBag: OdpInventor[];
  applicationStatusDescriptionText: string;
  patentNumber?: string;
  grantDate?: string;
  applicantBag: OdpApplicant[];
  firstApplicantName: string;
  customerNumber: number;
  groupArtUnitNumber?: string;
  earliestPublicationNumber?: string;
  inventionTitle: string;
  applicationConfirmationNumber: number;
  examinerNameText?: string;
  subclass?: string;
  publicationCategoryBag?: string[];
  docketNumber: string;
}

export interface OdpParentContinuity {
  parentApplicationStatusCode: number;
  firstInventorToFileIndicator?: boolean;
  claimParentageTypeCode: string;
  claimParentageTypeCodeDescriptionText: string;
  parentApplicationStatusDescriptionText: string;
  parentApplicationNumberText: string;
  parentApplicationFilingDate: string;
  childApplicationNumberText: string;
  parentPatentNumber?: string;
}

export interface OdpChildContinuity {
  firstInventorToFileIndicator?: boolean;
  childApplicationStatusDescriptionText: string;
  claimParentageTypeCode: string;
  childApplicationStatusCode: number;
  claimParentageTypeCodeDescriptionText: string;
  childPatentNumber?: string;
  parentApplicationNumberText: string;
  childApplicationFilingDate: string;
  childApplicationNumberText: string;
}

export interface OdpPtaHistoryEntry {
  applicantDayDelayQuantity: number;
  eventDescriptionText: string;
  eventSequenceNumber: number;
  originatingEventSequenceNumber: number;
  ptaPTECode: 'PTA';
  ipOfficeDayDelayQuantity: number;
  eventDate: string;
}

export interface OdpPatentTermAdjustment {
  applicantDayDelayQuantity: number;
  overlappingDayQuantity: number;
  ipOfficeAdjustmentDelayQuantity: number;
  cDelayQuantity: number;
  adjustmentTotalQuantity: number;
  bDelayQuantity: number;
  nonOverlappingDayDelayQuantity: number;
  aDelayQuantity: number;
  patentTermAdjustmentHistoryDataBag: OdpPtaHistoryEntry[];
}

export interface OdpDocumentMetaData {
  productIdentifier: 'PTGRXML' | 'APPXML';
  zipFileName: string;
  fileCreateDateTime: string;
  xmlFileName: string;
  fileLocationURI: string;
}

export interface OdpRecord {
  grantDocumentMetaData?: OdpDocumentMetaData;
  eventDataBag: OdpEvent[];
  applicationMetaData: OdpApplicationMetaData;
  parentContinuityBag?: OdpParentContinuity[];
  childContinuityBag?: OdpChildContinuity[];
  patentTermAdjustmentData?: OdpPatentTermAdjustment;
  pgpubDocumentMetaData?: OdpDocumentMetaData;
  lastIngestionDateTime: string;
  applicationNumberText: string;
  correspondenceAddressBag: OdpAddress[];
}
