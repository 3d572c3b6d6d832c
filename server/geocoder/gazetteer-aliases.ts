/** Name data the gazetteer adds to the post-office lists: the names people type and the words that name nothing. */

/** Old or alternative names people type, mapped onto the data's districts and states. */
export const DISTRICT_ALIASES: Array<[alias: string, district: string, state: string]> = [
  ['Bengaluru', 'Bangalore', 'KARNATAKA'],
  ['Mysuru', 'Mysore', 'KARNATAKA'],
  ['Belagavi', 'Belgaum', 'KARNATAKA'],
  ['Kalaburagi', 'Gulbarga', 'KARNATAKA'],
  ['Tumakuru', 'Tumkur', 'KARNATAKA'],
  ['Shivamogga', 'Shimoga', 'KARNATAKA'],
  ['Mangaluru', 'Dakshina Kannada', 'KARNATAKA'],
  ['Mangalore', 'Dakshina Kannada', 'KARNATAKA'],
  ['Gurugram', 'Gurgaon', 'HARYANA'],
  ['Prayagraj', 'Allahabad', 'UTTAR PRADESH'],
  ['Noida', 'Gautam Buddha Nagar', 'UTTAR PRADESH'],
  ['Kanpur', 'Kanpur Nagar', 'UTTAR PRADESH'],
  ['Benares', 'Varanasi', 'UTTAR PRADESH'],
  ['Banaras', 'Varanasi', 'UTTAR PRADESH'],
  ['Bombay', 'Mumbai', 'MAHARASHTRA'],
  ['Poona', 'Pune', 'MAHARASHTRA'],
  ['Ahmednagar', 'Ahmed Nagar', 'MAHARASHTRA'],
  ['Raigad', 'Raigarh(MH)', 'MAHARASHTRA'],
  ['Madras', 'Chennai', 'TAMIL NADU'],
  ['Trichy', 'Tiruchirappalli', 'TAMIL NADU'],
  ['Calcutta', 'Kolkata', 'WEST BENGAL'],
  ['Trivandrum', 'Thiruvananthapuram', 'KERALA'],
  ['Kochi', 'Ernakulam', 'KERALA'],
  ['Cochin', 'Ernakulam', 'KERALA'],
  ['Calicut', 'Kozhikode', 'KERALA'],
  ['Vizag', 'Visakhapatnam', 'ANDHRA PRADESH'],
  ['Kadapa', 'Cuddapah', 'ANDHRA PRADESH'],
  ['Baroda', 'Vadodara', 'GUJARAT'],
];
export const STATE_ALIASES: Array<[alias: string, state: string]> = [
  ['Puducherry', 'PONDICHERRY'],
  ['Orissa', 'ODISHA'],
  ['Uttaranchal', 'UTTARAKHAND'],
  ['Chattisgarh', 'CHATTISGARH'],
];

/** Single words too generic to name a place on their own inside an address ("MG Road", "Shivaji Nagar"...). */
export const ADDRESS_STOPWORDS = new Set(
  (
    'road rd street st marg lane nagar colony main gate chowk market bazar bazaar cross sector block phase stage ' +
    'layout extension near opp opposite behind beside india house floor building bldg tower park plot no flat city ' +
    'town east west north south new old station post office village dist district taluk tehsil state pin pincode ' +
    'area circle complex camp bus stand society apartment apartments school college hospital temple church masjid ' +
    'mandir the and of at to in on po ps via'
  ).split(' '),
);
