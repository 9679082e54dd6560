/**
 * Claim and abstract vocabulary per technology (technology.ts keys), so that the full text of a
 * synthetic patent talks about what its title, art unit and CPC symbols say: a 1727 battery
 * patent claims cathodes, separators and current collectors, a 2411 patent user equipment and
 * reference signals. Parts are singular nouns; most are two-word phrases ("current collector",
 * "solid electrolyte") so that phrase search has recurring phrases to find, and claims use both
 * the singular and the plural ("battery cell" / "battery cells", "battery" / "batteries").
 * Units carry the non-ASCII characters the office writes as character references (μm, ° C., N·m).
 */

export interface Noun {
  one: string;
  many: string;
}

export interface Verb {
  base: string;
  ing: string;
}

export interface Property {
  name: string;
  unit: string;
  lo: number;
  hi: number;
}

export interface Vocabulary {
  parts: readonly Noun[];
  /** Alternatives for Markush groups ("selected from the group consisting of …"). */
  options: readonly string[];
  properties: readonly Property[];
  verbs: readonly Verb[];
  /** Single-object relations: "<part> <relation> the <part>". */
  relations: readonly string[];
  /** The unit that runs the claimed steps, when the technology has one ("battery management system"). */
  controller: string | null;
  /** Technical-field phrase for the description and abstracts. */
  field: string;
  journals: readonly string[];
  /** Computing technologies also claim a system (processors + memory) and a computer-readable medium. */
  computing: boolean;
}

/** `battery` → `batteries`, `switch` → `switches`; `a/b` spells an irregular plural out. */
export function noun(spec: string): Noun {
  const [one, many] = spec.split('/') as [string, string | undefined];
  if (many !== undefined) return { one, many };
  if (/[^aeiou]y$/.test(one)) return { one, many: `${one.slice(0, -1)}ies` };
  if (/(s|x|z|ch|sh)$/.test(one)) return { one, many: `${one}es` };
  return { one, many: `${one}s` };
}

/** `coat` → `coating`, `cure` → `curing`; `a/b` spells an irregular gerund out. */
export function verb(spec: string): Verb {
  const [base, ing] = spec.split('/') as [string, string | undefined];
  if (ing !== undefined) return { base, ing };
  if (/[^e]e$/.test(base)) return { base, ing: `${base.slice(0, -1)}ing` };
  return { base, ing: `${base}ing` };
}

const list = (items: string): string[] => items.split('|');

interface Spec {
  parts: string;
  options: string;
  /** `name,unit,lo,hi` entries. */
  properties: string;
  verbs: string;
  relations: string;
  controller: string | null;
  field: string;
  journals: string;
  computing?: boolean;
}

const SPECS: Readonly<Record<string, Spec>> = {
  batteries: {
    parts:
      'battery cell|anode|cathode|current collector|solid electrolyte|separator|electrode assembly|protective layer|lithium metal layer|battery module|battery pack|busbar|cooling plate|cell housing|electrode tab|conductive additive|active material layer|battery|fuel cell stack',
    options:
      'lithium cobalt oxide|lithium iron phosphate|lithium nickel manganese cobalt oxide|graphite|silicon oxide|lithium lanthanum zirconium oxide|polyvinylidene fluoride|lithium hexafluorophosphate|carbon nanotubes',
    properties:
      'thickness,μm,1,200|porosity,%,10,70|average particle diameter,μm,0.1,30|ionic conductivity,mS/cm,0.1,25|operating temperature,° C.,-20,80|state of charge,%,5,95',
    verbs: 'coat|deposit|laminate|press|calcine|charge|discharge|measure|estimate|stack|weld|dry',
    relations: 'disposed on|in contact with|stacked on|electrically connected to|surrounding|bonded to|adjacent to',
    controller: 'battery management system',
    field: 'electrochemical energy storage devices',
    journals: 'Journal of Power Sources|Journal of The Electrochemical Society|Advanced Energy Materials|Electrochimica Acta',
  },
  materials: {
    parts:
      'resin composition|polymer matrix/polymer matrices|base layer|adhesive layer|coating film|filler particle|crosslinking agent|glass substrate|steel sheet|surface layer|barrier layer|polyurethane foam|curing agent|plasticizer|metal oxide layer|release liner',
    options:
      'polyethylene terephthalate|polypropylene|polyamide|silica|titanium dioxide|calcium carbonate|an epoxy resin|an acrylic copolymer|ethylene vinyl acetate|aluminum oxide',
    properties:
      'thickness,μm,1,500|tensile strength,MPa,200,1500|glass transition temperature,° C.,-40,180|content,wt %,0.1,60|viscosity,mPa·s,100,20000|haze,%,0.1,10',
    verbs: 'mix|extrude|cure|anneal|deposit|laminate|roll|quench|coat|heat|stretch|dry',
    relations: 'laminated on|dispersed in|bonded to|formed on|adjacent to|covering',
    controller: null,
    field: 'polymer compositions, coatings and structural materials',
    journals: 'Polymer|Macromolecules|Journal of Applied Polymer Science|Materials Science and Engineering: A',
  },
  pharma: {
    parts:
      'pharmaceutical composition|antibody/antibodies|antigen-binding fragment|heavy chain variable region|light chain variable region|lipid nanoparticle|guide RNA|nucleic acid molecule|expression vector|host cell|active ingredient|pharmaceutically acceptable carrier|unit dosage form|kinase inhibitor|fusion protein|cationic lipid',
    options: 'sodium chloride|polysorbate 80|sucrose|histidine|trehalose|mannitol|a phosphate buffer|cholesterol|a PEG-lipid',
    properties:
      'concentration,mg/mL,0.5,200|dose,mg/kg,0.01,50|half-life,hours,2,400|binding affinity,nM,0.01,100|particle size,nm,40,200|pH,,4.5,8',
    verbs: 'administer|formulate|incubate|express|purify|detect|measure|transfect|lyophilize|inject|amplify|sequence',
    relations: 'bound to|conjugated to|encapsulated in|fused to|encoding|specific for',
    controller: null,
    field: 'therapeutic compositions and methods of treatment',
    journals: 'Nature Biotechnology|Journal of Medicinal Chemistry|Cancer Research|Molecular Therapy|Nucleic Acids Research',
  },
  medical: {
    parts:
      'catheter|elongate shaft|distal tip|balloon|guidewire|stent frame|prosthetic valve|sensor housing|glucose sensor|infusion pump|surgical instrument|end effector|staple cartridge|ultrasound transducer|electrode lead|handle assembly|implant|fluid reservoir',
    options: 'nitinol|stainless steel|polyether ether ketone|silicone|a cobalt-chromium alloy|polytetrafluoroethylene|polyurethane',
    properties:
      'outer diameter,mm,0.5,12|length,cm,5,150|flow rate,mL/h,0.1,500|stiffness,N/mm,0.1,20|frequency,MHz,1,20|pressure,mmHg,10,300',
    verbs: 'insert|advance|deploy|expand|retract|monitor|measure|deliver|staple|ablate|inflate|sense',
    relations: 'coupled to|extending through|disposed within|attached to|positioned at|surrounding',
    controller: 'control unit',
    field: 'medical devices and methods of treatment',
    journals:
      'IEEE Transactions on Biomedical Engineering|Journal of Biomechanics|Annals of Biomedical Engineering|Diabetes Technology & Therapeutics',
  },
  vehicles: {
    parts:
      'vehicle|autonomous vehicle|lidar sensor|radar sensor|camera|steering actuator|electronic control unit|trajectory|obstacle|drive motor|charging connector|robot arm|end effector|wheel assembly|occupancy grid|travel lane|gripper',
    options: 'a lidar sensor|a radar sensor|a camera|an ultrasonic sensor|an inertial measurement unit|a GNSS receiver',
    properties: 'speed,km/h,5,130|distance,m,0.5,250|yaw rate,deg/s,0.5,45|torque,N·m,10,800|latency,ms,5,200|field of view,degrees,30,360',
    verbs: 'detect|plan/planning|predict|steer|brake|calibrate|localize|control/controlling|grip/gripping|navigate|charge|estimate',
    relations: 'mounted on|coupled to|in communication with|positioned on|located in front of|attached to',
    controller: 'controller',
    field: 'vehicle control, driver assistance and robotics',
    journals: 'IEEE Transactions on Intelligent Transportation Systems|IEEE Robotics and Automation Letters|Vehicle System Dynamics',
  },
  mechanical: {
    parts:
      'gas turbine engine|turbine blade|compressor|combustor|heat exchanger|refrigerant circuit|expansion valve|valve body|valve seat|bearing housing|rotor shaft|impeller|fan assembly|cooling channel|laser head|build platform|tube bundle|outer casing',
    options: 'a nickel-based superalloy|titanium|aluminum|a ceramic matrix composite|copper|stainless steel|R-32 refrigerant',
    properties:
      'temperature,° C.,100,1600|pressure,MPa,0.1,40|rotational speed,rpm,500,30000|wall thickness,mm,0.2,15|flow rate,kg/s,0.01,50|gap,mm,0.05,5',
    verbs: 'rotate|compress|cool|heat|throttle|weld|machine|sinter|seal|circulate|detect|regulate',
    relations: 'mounted on|extending through|in fluid communication with|coupled to|disposed within|surrounding',
    controller: 'controller',
    field: 'turbomachinery, thermal systems and machine components',
    journals: 'Journal of Turbomachinery|International Journal of Refrigeration|Applied Thermal Engineering|Additive Manufacturing',
  },
  software: {
    parts:
      'machine learning model|neural network|training dataset|feature vector|inference request|query plan|database table|data record|user interface|container image|virtual machine|compute node|language model|embedding vector|software update|configuration file|data pipeline',
    options:
      'a convolutional neural network|a recurrent neural network|a transformer model|a decision tree|a support vector machine|a gradient-boosted ensemble',
    properties:
      'latency,milliseconds,1,500|batch size,samples,8,4096|learning rate,,0.0001,0.1|confidence threshold,percent,50,99|memory footprint,megabytes,16,8192',
    verbs: 'receive|determine|generate|train|store|compare|select|update|transmit/transmitting|retrieve|execute|rank',
    relations: 'associated with|stored in|generated from|derived from|corresponding to|received from',
    controller: 'processor',
    field: 'data processing, machine learning and distributed computing',
    journals:
      'Proceedings of the VLDB Endowment|Journal of Machine Learning Research|ACM Transactions on Database Systems|Advances in Neural Information Processing Systems',
    computing: true,
  },
  security: {
    parts:
      'memory controller|storage device|cache line|memory block|cryptographic key|digital signature|secure enclave|firmware image|access request|network packet|intrusion signature|distributed ledger|authentication token|page table|flash translation layer|hash value',
    options: 'an elliptic curve key|an RSA key|a symmetric key|a one-time password|a hardware security module|a trusted platform module',
    properties:
      'block size,kilobytes,4,1024|key length,bits,128,4096|write amplification factor,,1,5|timeout,seconds,1,300|error rate,percent,0.01,5',
    verbs: 'encrypt|decrypt|authenticate|verify|sign|hash|allocate|write|read|erase|detect|revoke',
    relations: 'stored in|associated with|signed with|mapped to|received from|encrypted with',
    controller: 'processor',
    field: 'computer security and data storage',
    journals:
      'IEEE Transactions on Dependable and Secure Computing|ACM Transactions on Storage|Proceedings of the USENIX Security Symposium',
    computing: true,
  },
  networking: {
    parts:
      'user equipment/user equipment|base station|uplink control information/uplink control information|downlink control information/downlink control information|physical uplink shared channel|reference signal|channel state report|beam|resource block|random access preamble|network slice|network switch|data packet|routing table|edge node|transmission configuration',
    options:
      'a synchronization signal block|a channel state information reference signal|a sounding reference signal|a demodulation reference signal|a phase tracking reference signal',
    properties:
      'subcarrier spacing,kHz,15,240|bandwidth,MHz,5,400|transmit power,dBm,-40,23|periodicity,slots,1,80|round-trip time,ms,1,100',
    verbs: 'transmit/transmitting|receive|decode|encode|measure|report|schedule|route|configure|allocate|forward|monitor',
    relations: 'associated with|transmitted on|received from|multiplexed with|mapped to|configured for',
    controller: 'processor',
    field: 'wireless communication networks',
    journals: 'IEEE Transactions on Wireless Communications|IEEE Journal on Selected Areas in Communications|3GPP TSG RAN WG1 Meeting',
    computing: true,
  },
  imaging: {
    parts:
      'image sensor|pixel array|display panel|light-emitting element|thin film transistor|video frame|coding block|motion vector|touch electrode|camera module|lens assembly|depth map|bounding box|object detector|head-mounted display|color filter|driving circuit',
    options: 'a red sub-pixel|a green sub-pixel|a blue sub-pixel|a white sub-pixel|an infrared pixel',
    properties:
      'resolution,pixels per inch,200,1500|frame rate,Hz,24,240|pixel pitch,μm,0.6,50|luminance,nits,100,5000|block size,pixels,4,128',
    verbs: 'capture|encode|decode|render|display|detect|predict|partition|compensate|drive|segment|classify',
    relations: 'disposed on|overlapping|adjacent to|associated with|electrically connected to|corresponding to',
    controller: 'processor',
    field: 'image capture, video coding and display devices',
    journals:
      'IEEE Transactions on Circuits and Systems for Video Technology|Journal of the Society for Information Display|IEEE Transactions on Image Processing',
  },
  semiconductors: {
    parts:
      'semiconductor substrate|gate electrode|gate dielectric layer|source region|drain region|channel layer|fin structure|nanosheet|interconnect structure|through-silicon via|memory cell|word line|bit line|power transistor|inductor|output capacitor|control circuit|die|bonding pad|isolation trench',
    options: 'silicon|silicon germanium|gallium nitride|silicon carbide|hafnium oxide|tungsten|copper|titanium nitride',
    properties:
      'thickness,nm,1,200|width,nm,5,100|threshold voltage,V,0.2,1.2|switching frequency,kHz,100,5000|output voltage,V,0.8,48|pitch,nm,20,200',
    verbs: 'etch|deposit|pattern|anneal|implant|bond|program/programming|erase|read|switch|regulate|planarize',
    relations: 'disposed on|formed over|electrically coupled to|adjacent to|extending through|overlapping',
    controller: 'control circuit',
    field: 'semiconductor devices, memory and power electronics',
    journals:
      'IEEE Transactions on Electron Devices|IEEE Journal of Solid-State Circuits|Applied Physics Letters|IEEE Transactions on Power Electronics',
  },
  optics: {
    parts:
      'optical waveguide|light source|photodetector|lens element|diffraction grating|optical fiber|liquid crystal layer|polarizer|spectrometer|gas sensor|light-receiving element|reticle|projection optical system|measurement circuit|optical filter',
    options: 'silicon nitride|lithium niobate|fused silica|germanium|indium phosphide|a polymer',
    properties:
      'wavelength,nm,200,2000|numerical aperture,,0.1,1.4|refractive index,,1.3,3.5|focal length,mm,1,200|signal-to-noise ratio,dB,10,60',
    verbs: 'emit/emitting|detect|measure|couple|diffract|focus|filter|align|illuminate|estimate|modulate|calibrate',
    relations: 'optically coupled to|disposed on|aligned with|facing|adjacent to|spaced apart from',
    controller: 'processor',
    field: 'optics, photonics and measurement instruments',
    journals: 'Optics Express|Applied Optics|Journal of Lightwave Technology|Sensors and Actuators B: Chemical',
  },
  business: {
    parts:
      'payment transaction|merchant account|user account|digital wallet|risk score|transaction record|inventory item|delivery route|health record|insurance policy|recommendation|purchase request|authorization message|loyalty program|product listing',
    options: 'a credit card|a debit card|a bank transfer|a cryptocurrency|a stored-value account',
    properties: 'transaction amount,dollars,1,100000|risk threshold,percent,1,99|delivery window,hours,1,72|response time,seconds,0.1,30',
    verbs: 'receive|authorize|determine|generate|transmit/transmitting|match|schedule|price|verify|notify|store|rank',
    relations: 'associated with|linked to|received from|stored in|corresponding to',
    controller: 'server',
    field: 'electronic commerce, payment processing and health information systems',
    journals: 'Journal of Management Information Systems|Decision Support Systems|Journal of the American Medical Informatics Association',
    computing: true,
  },
  consumer: {
    parts:
      'brewing chamber|water reservoir|heating element|cleaning robot|suction inlet|brush roll|dust bin|food container|lid|insulated bottle|resistance mechanism|lighting fixture|light-emitting diode|seat cushion|armrest|game controller|trigger button|handle',
    options: 'stainless steel|polypropylene|silicone|aluminum|glass|bamboo',
    properties: 'capacity,mL,100,2000|temperature,° C.,60,98|suction power,W,10,250|weight,kg,0.1,30|luminous flux,lm,100,10000',
    verbs: 'brew|heat|dispense|clean|seal|illuminate|adjust|rotate|detect|lock|pour|charge',
    relations: 'attached to|received in|removably coupled to|disposed on|extending from|surrounding',
    controller: 'controller',
    field: 'household appliances and consumer products',
    journals: 'Journal of Food Engineering|Applied Ergonomics|Lighting Research & Technology',
  },
};

function build(spec: Spec): Vocabulary {
  return {
    parts: list(spec.parts).map(noun),
    options: list(spec.options),
    properties: list(spec.properties).map((p) => {
      const [name, unit, lo, hi] = p.split(',') as [string, string, string, string];
      return { name, unit, lo: Number(lo), hi: Number(hi) };
    }),
    verbs: list(spec.verbs).map(verb),
    relations: list(spec.relations),
    controller: spec.controller,
    field: spec.field,
    journals: list(spec.journals),
    computing: spec.computing ?? false,
  };
}

const VOCABULARIES = new Map(Object.entries(SPECS).map(([key, spec]) => [key, build(spec)] as const));

/** The vocabulary of a technology key; unknown keys fall back to `software`. */
export function vocabularyFor(tech: string): Vocabulary {
  return VOCABULARIES.get(tech) ?? VOCABULARIES.get('software')!;
}
