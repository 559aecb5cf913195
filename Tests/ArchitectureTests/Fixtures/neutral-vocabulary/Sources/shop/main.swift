import Checkout
import Search
